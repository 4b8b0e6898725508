// A digest default title with its {date} placeholder filled in: the title a new digest starts with.
export function digestTitle(template: string, day: Date, locale: string): string {
  const date = day.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' });
  return template.replaceAll('{date}', date);
}
