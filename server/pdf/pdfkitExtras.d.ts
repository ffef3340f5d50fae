import type { Font } from 'fontkit';

/*
 * What pdfkit takes beyond what its type declarations (@types/pdfkit) say, so our calls need no
 * forced types: a font parsed once with fontkit wherever a font file goes (pdfkit's font factory
 * takes any source with a `layout` method), and an image opened once wherever image bytes go
 * (doc.image() draws any object with a width and a height, embedding it through its embed()).
 */
declare global {
  namespace PDFKit {
    interface PDFDocument {
      // eslint-disable-next-line @typescript-eslint/no-misused-new -- @types/pdfkit declares the document's constructor on this interface: this adds an overload
      new (options: Omit<PDFDocumentOptions, 'font'> & { font?: Font }): PDFDocument;
      /** Reads image bytes once, so their size is known before the image is drawn. */
      openImage(src: Buffer): Mixins.OpenedImage;
    }
    namespace Mixins {
      interface OpenedImage {
        width: number;
        height: number;
      }
      interface PDFFont {
        registerFont(name: string, src: Font): this;
      }
      interface PDFImage {
        image(src: OpenedImage, x?: number, y?: number, options?: ImageOption): this;
        image(src: OpenedImage, options?: ImageOption): this;
      }
    }
  }
}

export {};
