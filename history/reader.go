package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/regular"
	"github.com/mcpscope/mcpscope/mcp"
)

// Reader reads a recording record by record. Lines have no length limit: a
// tool list or a tool result can be many megabytes on one line, and a long
// line is read into a buffer of its exact size.
type Reader struct {
	f        *os.File
	br       *bufio.Reader
	path     string
	h        Header
	dec      decoder
	line     int   // lines read so far
	n        int   // records read so far
	pos      int64 // file offset of the next line
	at, size int64 // where the line of the last record returned starts, and its length with its end
	buf      []byte
	// raw is the last line read as it is in the file, without its end,
	// when it came in one piece of br's buffer (a keep-alive's always
	// does), else nil; valid until the next read. The skim keeps only a
	// line's skeleton, and spotting a repeated keep-alive needs its bytes.
	raw      []byte
	lineErr  error // why the line readLine or readSkim returned is no record, seen without reading it
	warnings warnings
	order    order     // the last record read, to see records out of order (order.go)
	closed   bool      // the last record read is the session's closing one (ending.go)
	ended    bool      // the end of the file was reached
	cut      bool      // its last line is cut short, which says it ended badly itself
	red      *redactor // a legacy recording's (legacyRedactor); nil for others
	unread   bool      // a legacy recording whose request headers are not read yet
}

// Open opens a recording and reads its header.
func Open(path string) (*Reader, error) {
	f, err := openRecording(path)
	if err != nil {
		return nil, err
	}
	r := &Reader{f: f, br: bufio.NewReaderSize(f, readBuffer(f)), path: path}
	// The header is short; reading only the buffer's worth keeps a large
	// file that is not a recording from being read whole.
	first, err := r.br.ReadSlice('\n')
	r.line, r.pos = 1, int64(len(first))
	long := errors.Is(err, bufio.ErrBufferFull)
	if long {
		err = nil
	}
	if len(first) == 0 && err != nil {
		f.Close()
		if errors.Is(err, io.EOF) {
			// Counted among the recordings, it read "1 recording" beside
			// its own "it is not an mcpscope recording".
			return nil, notRecordingError{fmt.Errorf("%s is empty: it is not an mcpscope recording", path)}
		}
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	if bytes.HasPrefix(first, gzipMagic) {
		f.Close()
		return nil, fmt.Errorf("%s is gzip-compressed: decompress it first (gunzip -c %s > session.jsonl) and give mcpscope the .jsonl", path, path)
	}
	// An editor on Windows may have saved the file with a byte order mark.
	header := bytes.TrimPrefix(first, utf8BOM)
	if err := json.Unmarshal(header, &r.h); err != nil {
		r.h = Header{}
		r.lenientHeader(header)
	}
	if r.h.Format != Format {
		export := r.isExport(header)
		f.Close()
		if long && bytes.Contains(header[:min(len(header), 64)], []byte(`"`+Format+`"`)) {
			// Not cut: longer than the buffer, which no header mcpscope
			// writes comes near (a url or a field made huge by hand).
			return nil, fmt.Errorf("%s is an mcpscope recording whose first line, the header, is longer than the %d MiB a header can be: it was edited or damaged (a huge url or other field); replay the recording mcpscope wrote (mcpscope sessions lists them)", path, maxHeader>>20)
		}
		if cutHeader(header) {
			return nil, fmt.Errorf("%s is an mcpscope recording cut short in its first line, the header: it was interrupted as it began, and holds no record", path)
		}
		if isRecord(header) {
			return nil, notRecordingError{fmt.Errorf("%s has records but no %q header line: it is the output of mcpscope exec --json, or a recording whose first line was removed; replay the recording mcpscope wrote (mcpscope sessions lists them)", path, Format)}
		}
		if export {
			return nil, notRecordingError{fmt.Errorf("%s is what mcpscope export wrote, not a recording: replay, export and --against read the .jsonl recording it was made from (mcpscope sessions lists them)", path)}
		}
		return nil, notRecordingError{fmt.Errorf("%s is not an mcpscope recording: its first line is not a %q header; a recording is the .jsonl file mcpscope writes (mcpscope sessions lists them)", path, Format)}
	}
	r.versionRead(header)
	if r.h.Version > FormatVersion {
		f.Close()
		return nil, &newerFormatError{path: path, h: shownHeader(r.h)}
	}
	// Read when a record is first shown: the sessions listing skims
	// every recording and shows none of their headers.
	r.unread = r.h.Redacts == "" || urlSecret(r.h)
	return r, nil
}

// legacy is the redactor of a recording made before mcpscope redacted -H
// headers, so that its records are shown as the recorder now writes them
// (legacyRedactor), or of one whose header URL holds credentials the
// recorder never writes (urlRedactor); nil for any other. A legacy
// recording's request headers are read, in a pass of their own, the first
// time it is asked for.
func (r *Reader) legacy() (*redactor, error) {
	if !r.unread {
		return r.red, nil
	}
	if r.h.Redacts != "" {
		r.red, r.unread = urlRedactor(r.h), false
		return r.red, nil
	}
	f, err := openRecording(r.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	red, err := legacyRedactor(f, r.h)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", r.path, err)
	}
	r.red, r.unread = red, false
	return red, nil
}

// shown is rec as a reader shows it: redacted when the recording is a
// legacy one.
func shown(red *redactor, rec mcp.Record) mcp.Record {
	if red == nil {
		return rec
	}
	return red.view(rec)
}

// Header is the recording's first line.
func (r *Reader) Header() Header { return shownHeader(r.h) }

// Path is the file being read.
func (r *Reader) Path() string { return r.path }

// Next returns the next record, or io.EOF after the last one. A line that is
// not a record is skipped with a warning: an interrupted recording still
// replays up to where it stopped.
func (r *Reader) Next() (mcp.Record, error) {
	red, err := r.legacy()
	if err != nil {
		return mcp.Record{}, err
	}
	rec, err := r.nextAsWritten()
	return shown(red, rec), err
}

// nextAsWritten is Next without a legacy recording's redaction: the
// record as its line holds it, whose bytes later records may point into.
func (r *Reader) nextAsWritten() (mcp.Record, error) {
	var rec mcp.Record
	err := r.next(r.readLine, func(line []byte) error {
		if r.lineErr != nil {
			return r.lineErr
		}
		var err error
		rec, err = r.dec.decode(line)
		r.dropBuffer()
		if err == nil {
			r.inOrder(rec.Seq, rec.Time)
			r.closed = closes(rec.Kind, rec.State)
		}
		return err
	})
	return rec, err
}

// lastLine is the line of the last record returned as it is in the file,
// without its end: raw when it came in one piece of the read buffer, else
// read again from the file when it is at most most bytes long, else nil.
func (r *Reader) lastLine(most int64) []byte {
	if r.raw != nil || r.size > most {
		return r.raw
	}
	line := make([]byte, r.size)
	if _, err := r.f.ReadAt(line, r.at); err != nil {
		return nil
	}
	return bytes.TrimRight(line, "\r\n")
}

// next reads lines with read until parse accepts one, warning about the
// others, and notes where the accepted line is.
func (r *Reader) next(read func() ([]byte, error), parse func([]byte) error) error {
	for {
		at := r.pos
		line, err := read()
		if len(line) == 0 {
			if err != nil {
				return r.endErr(err)
			}
			continue
		}
		perr := parse(line)
		if perr == nil {
			r.n++
			r.at, r.size = at, r.pos-at
			return nil
		}
		if r.atEnd(err) && !json.Valid(line) {
			r.ended = true
			if heldByAnother(r.path) {
				// Its recorder is writing it: its buffer went out as it
				// filled, mid-line, and the rest is to come (endNote
				// says it is still being recorded).
				return io.EOF
			}
			// Only text that stops mid-JSON is cut short: a whole JSON
			// line that is no record was written so, and is said so.
			r.warnings.add(fmt.Sprintf(
				"line %d is cut short (the recording was interrupted); %d records read", r.line, r.n))
			r.cut = true
			return io.EOF
		}
		r.warnings.add(notARecord(r.line, line, perr))
		if errors.Is(perr, errJoined) {
			// Another recording's numbering starts here: said once.
			r.order.seen = false
		}
	}
}

// atEnd reports whether the line just read was the last one. Only the end of
// the file makes a bad line a cut-short one; a read error is reported as such.
func (r *Reader) atEnd(err error) bool {
	if err != nil {
		return errors.Is(err, io.EOF)
	}
	_, perr := r.br.Peek(1)
	return perr != nil
}

func (r *Reader) endErr(err error) error {
	if errors.Is(err, io.EOF) {
		r.ended = true
		return io.EOF
	}
	return fmt.Errorf("cannot read %s after line %d: %w", r.path, r.line, err)
}

// Warnings lists the lines that could not be read, in order: the first
// hundred, and then how many more there were.
func (r *Reader) Warnings() []string {
	out := r.warnings.all()
	for _, note := range []string{r.orderNote(), r.endNote()} {
		if note != "" {
			out = append(slices.Clip(out), note)
		}
	}
	return out
}

// Records is how many records Next has returned.
func (r *Reader) Records() int { return r.n }

// Close closes the file.
func (r *Reader) Close() error { return r.f.Close() }

// readLine returns the next line without its end (\n or \r\n). The slice is
// only valid until the next call. err is non-nil only when the line is the
// last one and has no newline, or on a read error. A line longer than the
// read buffer is measured first and then read whole into a buffer of its
// size: gathering it piece by piece would need twice its size or more.
func (r *Reader) readLine() ([]byte, error) {
	start := r.pos
	r.lineErr = nil
	line, err := r.br.ReadSlice('\n')
	r.pos += int64(len(line))
	r.raw = nil
	whole := err != bufio.ErrBufferFull
	if !whole {
		lead := bytes.TrimLeft(line, " \t")
		object := len(lead) == 0 || lead[0] == '{'
		for err == bufio.ErrBufferFull {
			line, err = r.br.ReadSlice('\n')
			r.pos += int64(len(line))
		}
		n := r.pos - start
		if r.lineErr = longLineErr(n, object); r.lineErr != nil {
			// Not read: the NULs a crash can leave at the end of a
			// file, or a forged line, would need their size in memory.
			r.line++
			return []byte("-"), err // not blank: the parse reports it
		}
		if int64(cap(r.buf)) < n {
			r.buf = make([]byte, n)
		}
		r.buf = r.buf[:n]
		if _, rerr := r.f.ReadAt(r.buf, start); rerr != nil {
			return nil, rerr
		}
		line = r.buf
	}
	if len(line) > 0 || err == nil {
		r.line++
	}
	line = bytes.TrimSuffix(line, []byte("\n"))
	line = bytes.TrimSuffix(line, []byte("\r"))
	if whole {
		r.raw = line
	}
	return line, err
}

// maxLine is the longest line read as a record: many times what a record of
// the largest event mcpscope accepts by default (64 MiB, escaped) takes.
// A longer line would need its size in memory to decode. A variable only so
// a test can lower it: reaching the real limit means reading a gigabyte.
var maxLine int64 = 1 << 30

// longLineErr says why a line of n bytes that does not fit the read buffer
// is no record without reading it: it is longer than maxLine, or it does not
// start as a JSON object does (object is false).
func longLineErr(n int64, object bool) error {
	switch {
	case n > maxLine:
		size := FormatSize(n)
		if size == FormatSize(maxLine) {
			// Just over the limit rounds to the limit: "1.0 GiB, longer
			// than 1.0 GiB" reads as a contradiction.
			size = strconv.FormatInt(n, 10) + " bytes"
		}
		return fmt.Errorf("it is %s long, longer than any record mcpscope reads (%s)", size, FormatSize(maxLine))
	case !object:
		return fmt.Errorf("%s that do not start a JSON object", FormatSize(n))
	}
	return nil
}

// openRecording opens a recording for reading: a regular file only, as a
// FIFO would hang the open and a device or directory is no recording.
func openRecording(path string) (*os.File, error) {
	f, err := regular.Open(path)
	var nr *regular.NotRegularError
	if errors.As(err, &nr) {
		return nil, fmt.Errorf("%v: a recording is a .jsonl file mcpscope wrote", err)
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// os's "open X: no such file or directory" names the call, not
		// what to do.
		return nil, fmt.Errorf("no recording at %s: the file does not exist (mcpscope sessions lists the recordings, each with its whole path)", path)
	case errors.Is(err, fs.ErrPermission):
		return nil, fmt.Errorf("cannot read the recording %s: permission denied (it belongs to another user?)", path)
	case errors.Is(err, syscall.ELOOP):
		// os's "too many levels of symbolic links" names no way out.
		return nil, fmt.Errorf("cannot open the recording %s: it is a symbolic link that leads back to itself (a loop of links, or too many in a row): give the recording's own path, or point the link at it (ls -l %s shows where it points)", path, path)
	case err != nil:
		return nil, fmt.Errorf("cannot open the recording: %w", err)
	}
	return f, nil
}

// maxHeader is the longest header line a recording can have: the read
// buffer's size, as the header is read in one piece of it.
const maxHeader = 1 << 20

// readBuffer is the size of f's read buffer: maxHeader, or less for a file
// that cannot fill it. Every buffer is zeroed when made, and listing 10,000
// short recordings spent a quarter of its time zeroing 10 GB of buffers
// that held 25 KiB each. A file smaller than the buffer holds no line
// longer than it; one that grows later reads a longer line in pieces,
// which the readers already do for lines longer than maxHeader.
func readBuffer(f *os.File) int {
	fi, err := f.Stat()
	if err != nil || fi.Size() >= maxHeader {
		return maxHeader
	}
	return max(int(fi.Size())+1, 64<<10)
}

// bigBuffer is the largest line buffer kept between lines: one long line
// should not pin its size for the rest of the file.
const bigBuffer = 4 << 20

func (r *Reader) dropBuffer() {
	if n := cap(r.buf); n > bigBuffer {
		r.buf = nil
		collectAfter(n)
	}
}

// hugeLine is the size of a line after which its buffer is collected at
// once, and its memory handed back. The collector paces itself by the heap it last saw live, which
// included the line and the record decoded from it; left to itself it lets
// the heap grow to twice that before collecting the line, so a second huge
// record would cost four times its size instead of two.
const hugeLine = 16 << 20

// collectAfter runs the collector when a buffer of n bytes just became
// garbage and n is huge.
func collectAfter(n int) {
	if n > hugeLine {
		debug.FreeOSMemory()
	}
}

// notARecord is the warning for line number line, src, that does not
// decode, in one wording whether the file is read in order or loaded for
// the panes.
func notARecord(line int, src []byte, err error) string {
	return fmt.Sprintf("line %d is not a record (%s); skipped it", line, lineProblem(src, err))
}

// newerFormatError is a recording written in a format version newer than
// this mcpscope reads. It keeps the header, whose URL and start a newer
// format still says the same way: the sessions listing shows them (the
// listing showed only the long sentence, with no URL to know the
// recording by).
type newerFormatError struct {
	path string
	h    Header
}

func (e *newerFormatError) Error() string {
	return fmt.Sprintf("%s was recorded in format version %d by %s; this mcpscope reads version %d: upgrade mcpscope to read it (replay, export or re-run it)",
		e.path, e.h.Version, e.by(), FormatVersion)
}

// by names the mcpscope that wrote the recording.
func (e *newerFormatError) by() string {
	if v := strings.TrimSpace(e.h.MCPScope); v != "" {
		return "mcpscope " + clip.Quote(v, 64)
	}
	return "a newer mcpscope"
}

// short is the note of the listing's row, what it takes to read it: at 80
// columns a row has room for a URL and a few words, and replay says the
// whole sentence.
func (e *newerFormatError) short() string { return "needs " + e.by() }
