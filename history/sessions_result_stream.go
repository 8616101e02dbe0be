package history

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/mcp"
)

// A 2026 answer on a line longer than the listing's read buffer comes in
// pieces, and the listing, which holds no line whole, had no answer to
// read: one with an unknown resultType counted no error. Such a line is
// read again from the file, streamed, for that one member
// (streamedResultType): the answer's bytes, decoded from the line's JSON as
// they come, go through an answerCheck, which keeps its result's resultType
// and nothing else.

// resultTypeKept bounds the JSON text of a resultType kept: longer, it is
// none of the revision's.
const resultTypeKept = 256

// answerCheck reads a JSON-RPC answer fed in pieces for its result's
// resultType, read as unknownResultType reads it whole: the last "result"
// member of the answer object, the last "resultType" member of that. It
// does not check the answer is JSON: a response's record holds a message
// the session read as JSON-RPC.
type answerCheck struct {
	w       jsonWalk
	has     bool   // the result has a resultType
	reading bool   // its value is being read
	text    []byte // its JSON text, up to resultTypeKept
	cut     bool   // it was longer
}

func newAnswerCheck() *answerCheck {
	a := &answerCheck{}
	a.w.member = func(d int, key string) {
		switch {
		case d == 1 && key == "result":
			a.has, a.reading = false, false
		case d == 2 && a.w.key[1] == "result" && key == "resultType":
			a.has, a.reading, a.text, a.cut = true, true, a.text[:0], false
		}
	}
	a.w.value = func(b []byte) {
		if !a.reading || a.cut {
			return
		}
		if len(a.text)+len(b) > resultTypeKept {
			a.cut = true
			return
		}
		a.text = append(a.text, b...)
	}
	a.w.end = func() { a.reading = false }
	return a
}

func (a *answerCheck) Write(b []byte) (int, error) { a.w.feed(b); return len(b), nil }

// failed is what unknownResultType says of the answer read, to method.
func (a *answerCheck) failed(method string) bool {
	if !a.has {
		return false
	}
	if a.cut {
		return true // no resultType of the revision's is so long
	}
	one := append([]byte(`{"resultType":`), bytes.TrimSpace(a.text)...)
	return mcp.UnknownResultType(method, append(one, '}')) != ""
}

// dataPiece passes on the bytes from..to of what it is given, counted from
// its first: the piece of an event's data a received record points into.
type dataPiece struct {
	to       io.Writer
	at       int
	from, by int // by < 0: to the end
}

func (w *dataPiece) Write(b []byte) (int, error) {
	n := len(b)
	lo, hi := max(w.from-w.at, 0), len(b)
	if w.by >= 0 {
		hi = min(hi, w.by-w.at)
	}
	if lo < hi {
		w.to.Write(b[lo:hi])
	}
	w.at += n
	return n, nil
}

// jsonBytes decodes the JSON text of a wire payload given in pieces (a
// string, or {"base64": "..."} for bytes that are no UTF-8, as mcp.Raw
// writes them) into the bytes it holds, written to out.
type jsonBytes struct {
	out     io.Writer
	started bool
	b64     bool   // the {"base64": ...} form
	quotes  int    // quotes seen in it: its string is between the 3rd and 4th
	pend    []byte // an escape not whole yet
	inEsc   bool
	done    bool
	b64pend []byte // base64 characters short of a group of four
	hi      rune   // a high surrogate waiting for its low one
	buf     []byte // what a piece decodes to, written at once
}

func (j *jsonBytes) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 && !j.done {
		if !j.started {
			j.started, j.b64, j.done = true, b[0] == '{', b[0] != '{' && b[0] != '"' // null: no bytes
			if !j.b64 {
				b = b[1:] // the opening quote
			}
			continue
		}
		if j.b64 {
			b = j.base64(b)
			continue
		}
		b = j.str(b)
	}
	return n, nil
}

// str decodes string content up to its closing quote, a piece at a time:
// the bytes between escapes go out as they are, each escape decoded.
func (j *jsonBytes) str(b []byte) []byte {
	out := j.buf[:0]
	defer func() { j.buf = out[:0] }()
	for len(b) > 0 {
		if j.inEsc {
			j.pend = append(j.pend, b[0])
			b = b[1:]
			out = j.escape(out)
			continue
		}
		k := quoteOrEscape(b)
		if k > 0 {
			out = j.flushHigh(out)
			out = append(out, b[:k]...)
		}
		if len(out) >= 32<<10 {
			j.out.Write(out)
			out = out[:0]
		}
		if k == len(b) {
			break
		}
		if b[k] == '"' {
			out = j.flushHigh(out)
			j.done = true
			b = nil
			break
		}
		j.inEsc, j.pend, b = true, append(j.pend[:0], '\\'), b[k+1:]
	}
	j.out.Write(out)
	return nil
}

// escape appends the escape in pend to out once it is whole, and then
// ends it (inEsc).
func (j *jsonBytes) escape(out []byte) []byte {
	if len(j.pend) < 2 || j.pend[1] == 'u' && len(j.pend) < 6 {
		return out
	}
	j.inEsc = false
	if c := j.pend[1]; c != 'u' {
		out = j.flushHigh(out)
		switch c {
		case 'n':
			c = '\n'
		case 't':
			c = '\t'
		case 'r':
			c = '\r'
		case 'b':
			c = '\b'
		case 'f':
			c = '\f'
		}
		return append(out, c) // ", \\ and / stand for themselves
	}
	v, _ := strconv.ParseUint(string(j.pend[2:6]), 16, 32)
	r := rune(v)
	switch {
	case utf16.IsSurrogate(r) && r < 0xdc00:
		out = j.flushHigh(out)
		j.hi = r
	case utf16.IsSurrogate(r) && j.hi != 0:
		out = utf8.AppendRune(out, utf16.DecodeRune(j.hi, r))
		j.hi = 0
	default:
		out = j.flushHigh(out)
		out = j.appendRune(out, r)
	}
	return out
}

// flushHigh appends a high surrogate no low one followed, as
// encoding/json reads it: U+FFFD.
func (j *jsonBytes) flushHigh(out []byte) []byte {
	if j.hi != 0 {
		j.hi = 0
		out = utf8.AppendRune(out, utf8.RuneError)
	}
	return out
}

func (j *jsonBytes) appendRune(out []byte, r rune) []byte {
	if utf16.IsSurrogate(r) {
		r = utf8.RuneError
	}
	return utf8.AppendRune(out, r)
}

// base64 decodes {"base64":"..."}'s string, four characters at a time.
func (j *jsonBytes) base64(b []byte) []byte {
	for _, c := range b {
		switch {
		case c == '"':
			j.quotes++
			if j.quotes == 4 {
				j.done = true
				return nil
			}
		case j.quotes == 3:
			j.b64pend = append(j.b64pend, c)
			if len(j.b64pend) == 4 {
				var out [3]byte
				n, _ := base64.StdEncoding.Decode(out[:], j.b64pend)
				j.out.Write(out[:n])
				j.b64pend = j.b64pend[:0]
			}
		}
	}
	return nil
}

// sseData writes the data of the one event whose raw bytes it is given
// (its data lines' values joined by LF, as the SSE standard reads them, and
// so as data_at and data_from_raw store them) to out.
type sseData struct {
	out    io.Writer
	field  []byte // the line's field name so far, up to "data:"
	state  int    // sseName, sseValue, sseSkip, sseDone
	lines  int    // data lines so far
	cr     bool   // the last byte ended a line with CR
	lead   bool   // the value's first byte is next: a space there is dropped
	onLine bool   // the line has begun
}

const (
	sseName = iota
	sseValue
	sseSkip
	sseDone
)

func (s *sseData) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 && s.state != sseDone {
		c := b[0]
		if s.cr && c == '\n' {
			s.cr = false
			b = b[1:]
			continue
		}
		s.cr = false
		if c == '\n' || c == '\r' {
			s.lineEnd(c)
			b = b[1:]
			continue
		}
		switch s.state {
		case sseValue:
			if s.lead && c == ' ' {
				b = b[1:]
			}
			s.lead = false
			k := bytes.IndexAny(b, "\r\n")
			if k < 0 {
				k = len(b)
			}
			s.out.Write(b[:k])
			b = b[k:]
		case sseSkip:
			k := bytes.IndexAny(b, "\r\n")
			if k < 0 {
				k = len(b)
			}
			b = b[k:]
		case sseName:
			s.onLine = true
			b = b[1:]
			if c != ':' {
				if len(s.field) < 4 {
					s.field = append(s.field, c)
				} else {
					s.state = sseSkip
				}
				continue
			}
			if string(s.field) == "data" {
				s.dataLine()
			} else {
				s.state = sseSkip
			}
		}
	}
	return n, nil
}

// dataLine begins a data line's value.
func (s *sseData) dataLine() {
	if s.lines > 0 {
		s.out.Write([]byte{'\n'})
	}
	s.lines++
	s.state, s.lead = sseValue, true
}

// lineEnd ends a line (c is its end), and the event at a blank one.
func (s *sseData) lineEnd(c byte) {
	switch {
	case !s.onLine:
		s.state = sseDone // a blank line: the event is over
		return
	case s.state == sseName && string(s.field) == "data":
		s.dataLine() // "data" with no colon: an empty value
	}
	s.field, s.state, s.onLine, s.cr = s.field[:0], sseName, false, c == '\r'
}

// payloadStream feeds the bytes of payload members of a record's line (its
// JSON text; the payload object at depth 1, the members at depth 2), each
// decoded, to its writer in to, and reports which were found.
func payloadStream(line io.Reader, payload string, to map[string]io.Writer) (map[string]bool, error) {
	var w jsonWalk
	var cur io.Writer
	found := map[string]bool{}
	w.member = func(d int, key string) {
		cur = nil
		if out, ok := to[key]; ok && d == 2 && w.key[1] == payload {
			cur, found[key] = &jsonBytes{out: out}, true
		}
	}
	w.value = func(b []byte) {
		if cur != nil {
			cur.Write(b)
		}
	}
	w.end = func() { cur = nil }
	buf := make([]byte, 64<<10)
	for {
		n, err := line.Read(buf)
		w.feed(buf[:n])
		if err == io.EOF {
			return found, nil
		}
		if err != nil {
			return found, err
		}
	}
}

// streamedResultType is whether the answer to method fails its row by its
// resultType, read from the received record's line (own, when it is too
// long to hold), or from the event line it points into (event, when that
// is; ref from the record's raw_of).
func streamedResultType(method string, own, event io.Reader, ref *rawRef) bool {
	a := newAnswerCheck()
	if ref == nil {
		found, err := payloadStream(own, "rpc", map[string]io.Writer{"raw": a})
		return err == nil && found["raw"] && a.failed(method)
	}
	// The data lies in the event's raw bytes, unless it was spelt out
	// ("data"): then it is read from there.
	spelt := newAnswerCheck()
	found, err := payloadStream(event, "event", map[string]io.Writer{
		"raw":  &sseData{out: &dataPiece{to: a, from: ref.From, by: ref.To}},
		"data": &dataPiece{to: spelt, from: ref.From, by: ref.To},
	})
	switch {
	case err != nil:
		return false
	case found["data"]:
		return spelt.failed(method)
	}
	return found["raw"] && a.failed(method)
}

// rawOfLine is the raw_of a received record's line names, nil if none.
func rawOfLine(line []byte) *rawRef {
	var v struct {
		RPC *struct {
			RawOf *rawRef `json:"raw_of"`
		} `json:"rpc"`
	}
	if json.Unmarshal(line, &v) != nil || v.RPC == nil {
		return nil
	}
	return v.RPC.RawOf
}
