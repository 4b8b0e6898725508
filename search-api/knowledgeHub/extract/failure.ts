/** An extraction that cannot succeed, with the reason a curator reads on the file ("the PDF is password-protected"). */
export class ExtractionFailure extends Error {}
