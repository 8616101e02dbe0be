package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// How Open reads a recording's first line, the header, and tells a file
// that is no recording from one it cannot read.

// notRecordingError is Open's refusal of a file that is no recording at
// all (a transcript export wrote, exec --json's output, another tool's
// JSON lines), as against a recording it cannot read: the sessions
// listing marks such a file, and last passes over it.
type notRecordingError struct{ error }

var (
	gzipMagic = []byte{0x1f, 0x8b}
	utf8BOM   = []byte{0xef, 0xbb, 0xbf}
)

// lenientHeader reads a header that does not decode as a whole field by
// field: a hand-edited or half-written "started" should not keep the
// records from being read. What cannot be read is left zero with a warning;
// a version that cannot be read is taken to be this one's.
func (r *Reader) lenientHeader(line []byte) {
	var fields map[string]json.RawMessage
	if json.Unmarshal(line, &fields) != nil {
		return
	}
	if json.Unmarshal(fields["format"], &r.h.Format) != nil || r.h.Format != Format {
		return
	}
	for _, f := range []struct {
		name string
		to   any
	}{
		{"version", &r.h.Version}, {"mcpscope", &r.h.MCPScope}, {"url", &r.h.URL},
		{"transport", &r.h.Transport}, {"started", &r.h.Started}, {"host", &r.h.Host},
		{"redacts", &r.h.Redacts}, {"folded", &r.h.Folded}, {"demo", &r.h.Demo},
		{"roots", &r.h.Roots},
	} {
		raw, ok := fields[f.name]
		if !ok {
			continue
		}
		if err := json.Unmarshal(raw, f.to); err != nil {
			r.warnings.add(fmt.Sprintf("line 1, the header: its %q is damaged: %s; read the records without it", f.name, headerProblem(raw, err)))
		}
	}
}

// versionRead takes a header with no version, or a damaged one, for this
// mcpscope's version, as the lenient reading always did; one that says a
// version no recording has (0, below it, null) is said too, as a damaged
// field is: "version":0 was read as version 2 without a word.
func (r *Reader) versionRead(header []byte) {
	if r.h.Version >= 1 {
		return
	}
	r.h.Version = FormatVersion
	var fields map[string]json.RawMessage
	if json.Unmarshal(header, &fields) != nil {
		return
	}
	raw, ok := fields["version"]
	var v int
	if !ok || json.Unmarshal(raw, &v) != nil {
		return // none, or damaged and warned of as such
	}
	r.warnings.add(fmt.Sprintf("line 1, the header: its \"version\" is %s, which no recording has (versions start at 1): read as version %d, this mcpscope's", bytes.TrimSpace(raw), FormatVersion))
}

// headerStart is how every header mcpscope writes begins.
var headerStart = []byte(`{"format":"` + Format + `"`)

// cutHeader reports whether line, the whole of a file (no line end), is
// the start of a header that stops before its end: a recording killed as
// it began, or whose disk filled. Too short to name the format, it is
// taken for no recording.
func cutHeader(line []byte) bool {
	if bytes.HasSuffix(line, []byte("\n")) || json.Valid(line) {
		return false
	}
	return bytes.HasPrefix(line, headerStart) || len(line) >= len(`{"format":"mcp`) && bytes.HasPrefix(headerStart, line)
}

// isExport reports whether the file whose first line is first is the
// output of mcpscope export: a teammate is sent a transcript and gives it
// to replay, which said only that its first line was not a header.
func (r *Reader) isExport(first []byte) bool {
	if strings.HasPrefix(string(first), exportMarkdownTitle) {
		return true
	}
	if string(first) != exportJSONOpening[:2] {
		return false
	}
	next, _ := r.br.Peek(len(exportJSONOpening) - 2)
	return string(first)+string(next) == exportJSONOpening
}

// isRecord reports whether line looks like a record: a kind and a time.
func isRecord(line []byte) bool {
	var rec struct {
		Kind string `json:"kind"`
		Time string `json:"time"`
	}
	return json.Unmarshal(line, &rec) == nil && rec.Kind != "" && rec.Time != ""
}
