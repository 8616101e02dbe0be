package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/mcpscope/mcpscope/mcp"
)

// Reader reads a recording record by record. Lines have no length limit: a
// tool list or a tool result can be many megabytes on one line.
type Reader struct {
	f        *os.File
	br       *bufio.Reader
	path     string
	h        Header
	line     int // lines read so far
	n        int // records read so far
	buf      []byte
	warnings []string
}

// Open opens a recording and reads its header.
func Open(path string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot open the recording: %w", err)
	}
	r := &Reader{f: f, br: bufio.NewReaderSize(f, 1<<20), path: path}
	// The header is short; reading only the buffer's worth keeps a large
	// file that is not a recording from being read whole.
	first, err := r.br.ReadSlice('\n')
	r.line = 1
	if errors.Is(err, bufio.ErrBufferFull) {
		err = nil
	}
	if len(first) == 0 && err != nil {
		f.Close()
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s is empty: it is not an mcpscope recording", path)
		}
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	if json.Unmarshal(first, &r.h) != nil || r.h.Format != Format {
		f.Close()
		return nil, fmt.Errorf("%s is not an mcpscope recording: its first line is not a %q header", path, Format)
	}
	if r.h.Version > FormatVersion {
		f.Close()
		return nil, fmt.Errorf("%s was recorded in format version %d by mcpscope %s; this mcpscope reads version %d: upgrade mcpscope to replay it",
			path, r.h.Version, r.h.MCPScope, FormatVersion)
	}
	return r, nil
}

// Header is the recording's first line.
func (r *Reader) Header() Header { return r.h }

// Path is the file being read.
func (r *Reader) Path() string { return r.path }

// Next returns the next record, or io.EOF after the last one. A line that is
// not a record is skipped with a warning: an interrupted recording still
// replays up to where it stopped.
func (r *Reader) Next() (mcp.Record, error) {
	var rec mcp.Record
	err := r.next(&rec)
	return rec, err
}

// next decodes the next record line into v, which may be a lighter type
// than mcp.Record when only a few fields are needed.
func (r *Reader) next(v any) error {
	for {
		line, err := r.readLine()
		if len(line) == 0 {
			if err != nil {
				return r.endErr(err)
			}
			continue
		}
		jerr := json.Unmarshal(line, v)
		if jerr == nil {
			r.n++
			return nil
		}
		if r.atEnd(err) {
			r.warnings = append(r.warnings, fmt.Sprintf(
				"line %d is cut short (the recording was interrupted); %d records read", r.line, r.n))
			return io.EOF
		}
		r.warnings = append(r.warnings, fmt.Sprintf("line %d is not a record (%v); skipped it", r.line, jerr))
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
		return io.EOF
	}
	return fmt.Errorf("cannot read %s after line %d: %w", r.path, r.line, err)
}

// Warnings lists the lines that could not be read, in order.
func (r *Reader) Warnings() []string { return r.warnings }

// Records is how many records Next has returned.
func (r *Reader) Records() int { return r.n }

// Close closes the file.
func (r *Reader) Close() error { return r.f.Close() }

// readLine returns the next line without its end (\n or \r\n). The slice is
// only valid until the next call. err is non-nil only when the line is the
// last one and has no newline, or on a read error.
func (r *Reader) readLine() ([]byte, error) {
	line, err := r.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		r.buf = append(r.buf[:0], line...)
		for err == bufio.ErrBufferFull {
			line, err = r.br.ReadSlice('\n')
			r.buf = append(r.buf, line...)
		}
		line = r.buf
	}
	if len(line) > 0 || err == nil {
		r.line++
	}
	line = bytes.TrimSuffix(line, []byte("\n"))
	line = bytes.TrimSuffix(line, []byte("\r"))
	return line, err
}
