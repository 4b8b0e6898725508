// Card text on screen (part 2 §2): the sanitized HTML (cardHtml.ts) where plain video links become
// players and tables scroll sideways in their own wrapper, and a click on an image or a table opens it
// zoomed in a dialog.
import { Box, Image, Modal, ScrollArea, type BoxProps } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import focus from '../core/focus.module.css';
import { sanitizeCardHtml, wrapTables } from './cardHtml.ts';
import classes from './CardViewer.module.css';
import { videoPlayerUrl } from './media.ts';
import '../i18n/areas/cardsAuthoring.ts';

type Zoom = { kind: 'image'; src: string; alt: string } | { kind: 'table'; html: string };

type Props = BoxProps & { html: string | null | undefined; onClick?: (e: MouseEvent<HTMLDivElement>) => void; 'data-testid'?: string };

export function CardHtml({ html, onClick, className, ...rest }: Props) {
  const { t } = useTranslation();
  const clean = useMemo(() => wrapTables(sanitizeCardHtml(html), `${classes.tableWrap} ${focus.inset}`), [html]);
  const ref = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState<Zoom | null>(null);

  useEffect(() => {
    ref.current?.querySelectorAll<HTMLAnchorElement>('a[data-video-player]').forEach((a) => {
      const src = videoPlayerUrl(a.getAttribute('href') ?? '');
      if (!src) return;
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = a.textContent ?? src;
      frame.loading = 'lazy';
      frame.allow = 'fullscreen; picture-in-picture';
      frame.referrerPolicy = 'strict-origin-when-cross-origin';
      frame.className = classes.video;
      frame.setAttribute('data-testid', 'card-video');
      a.replaceWith(frame);
    });
  }, [clean]);

  const click = (e: MouseEvent<HTMLDivElement>) => {
    onClick?.(e);
    const target = e.target as HTMLElement;
    if (e.defaultPrevented || target.closest('a')) return;
    const img = target.closest('img');
    if (img) return setZoom({ kind: 'image', src: img.src, alt: img.alt });
    const table = target.closest('table');
    if (table) setZoom({ kind: 'table', html: table.outerHTML });
  };

  return (
    <>
      <Box ref={ref} className={`${classes.body} ${className ?? ''}`} onClick={click} dangerouslySetInnerHTML={{ __html: clean }} {...rest} />
      {zoom && (
        <Modal opened onClose={() => setZoom(null)} size={zoom.kind === 'image' ? 'auto' : '90%'} title={t(zoom.kind === 'image' ? 'cardsAuthoring.zoom.image' : 'cardsAuthoring.zoom.table')} data-testid="card-zoom">
          {zoom.kind === 'image' ? (
            <Image src={zoom.src} alt={zoom.alt} maw="85vw" mah="80vh" fit="contain" data-testid="card-zoom-image" />
          ) : (
            <ScrollArea type="auto">
              <Box className={classes.body} data-testid="card-zoom-table" dangerouslySetInnerHTML={{ __html: zoom.html }} />
            </ScrollArea>
          )}
        </Modal>
      )}
    </>
  );
}
