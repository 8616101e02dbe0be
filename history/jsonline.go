package history

import (
	"bufio"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// LineWriter writes records as JSON lines that stand on their own: every
// payload is spelt out (an event's raw bytes and data, a message's raw
// bytes), as a recording stores a record that shares no bytes, so a reader
// needs no other line. This is what exec --json prints. Secrets are
// redacted as a recording's are: the lines end up in files and bug reports
// as often as recordings do.
type LineWriter struct {
	w   *bufio.Writer
	red *redactor
}

// NewLineWriter returns a LineWriter on w that redacts as a recording of
// userURL made with opts would.
func NewLineWriter(w *bufio.Writer, opts RecordOptions, userURL string) *LineWriter {
	return &LineWriter{w: w, red: newRedactor(opts, userURL)}
}

// Write writes rec and its newline. A large payload is written straight to
// w instead of being built in memory first (encoding/json would hold it two
// or three times over, for a moment, which for a 60 MB answer is most of the
// process's memory), and nothing in the line is a character a terminal acts
// on: the line is meant for stdout. It returns an error only when rec cannot
// be encoded; w's own errors stay in w for its Flush to report. The
// caller's record is never changed.
func (l *LineWriter) Write(rec mcp.Record) error {
	line, err := l.red.encode(rec, standaloneLine)
	if err != nil {
		return err
	}
	// The JSON between the payloads holds server text too (headers, error
	// messages, comments); each piece starts and ends between tokens, so
	// it is sanitized on its own.
	var buf []byte
	line.writeTo(l.w, func(t []byte) []byte {
		buf = sanitize.AppendJSON(buf[:0], t)
		return buf
	})
	return nil
}

// standaloneLine encodes rec with every payload spelt out.
func standaloneLine(rec mcp.Record) (encodedLine, error) {
	d := diskRecord{Record: rec}
	d.Record.Event, d.Record.RPC = nil, nil
	if ev := rec.Event; ev != nil {
		d.Event = newDiskEvent(ev)
		if ev.Data != "" {
			data := payload(ev.Data)
			d.Event.Data = &data
		}
	}
	if m := rec.RPC; m != nil {
		raw := payload(m.Raw)
		d.RPC = &diskRPC{RPCMessage: *m, Raw: &raw}
		d.RPC.RPCMessage.Raw = ""
	}
	return encodeLine(&d)
}
