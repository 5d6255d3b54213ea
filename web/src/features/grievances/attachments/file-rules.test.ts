import { contentTypeOf, fileProblem, formatSize, MAX_BYTES, typeLabel } from './file-rules';

const file = (name: string, type: string, size = 100) => ({ name, type, size });

describe('attachment file rules', () => {
  it('take the browser type when allowed, else the extension when the browser sent none', () => {
    expect(contentTypeOf(file('a.pdf', 'application/pdf'))).toBe('application/pdf');
    expect(contentTypeOf(file('a.JPG', ''))).toBe('image/jpeg');
    expect(contentTypeOf(file('a.jpeg', 'application/octet-stream'))).toBe('image/jpeg');
    expect(contentTypeOf(file('a.png', 'image/png'))).toBe('image/png');
    expect(contentTypeOf(file('a.txt', 'text/plain'))).toBeNull();
    expect(contentTypeOf(file('a.pdf', 'text/plain'))).toBeNull();
    expect(contentTypeOf(file('a.gif', ''))).toBeNull();
    expect(contentTypeOf(file('noextension', ''))).toBeNull();
  });

  it("refuse with the server's messages: too large, wrong type, empty", () => {
    expect(fileProblem(file('a.pdf', 'application/pdf', MAX_BYTES))).toBeNull();
    expect(fileProblem(file('a.pdf', 'application/pdf', MAX_BYTES + 1))).toBe('Files may be at most 20 MB');
    expect(fileProblem(file('a.txt', 'text/plain'))).toBe('Only PDF, JPEG and PNG files can be attached');
    expect(fileProblem(file('a.png', 'image/png', 0))).toBe('The file is empty');
  });

  it('show sizes in KB below 1 MB and in MB above', () => {
    expect(formatSize(67)).toBe('0.1 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(1024 * 1024)).toBe('1.0 MB');
    expect(formatSize(3.45 * 1024 * 1024)).toBe('3.5 MB');
  });

  it('name the types shortly', () => {
    expect(typeLabel('application/pdf')).toBe('PDF');
    expect(typeLabel('image/jpeg')).toBe('JPEG');
    expect(typeLabel('image/png')).toBe('PNG');
    expect(typeLabel('text/plain')).toBe('text/plain');
  });
});
