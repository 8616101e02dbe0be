package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
)

// A listing needs a few small fields of each record (its time, its kind, the
// class and error flags of its message), never the payloads. skimLine reads a
// line as a stream and keeps a skeleton of it: strings longer than
// skimString are emptied, and so are arrays and objects nested deeper than a
// record's payload, so a record of a gigabyte costs what one of a hundred
// bytes does.
const (
	skimString = 256
	skimDepth  = 2 // the record object and its payload object
	skimMax    = 64 << 10
)

// errSkimTooLarge is a line whose skeleton is still large: no record written
// by mcpscope looks like that.
var errSkimTooLarge = errors.New("the line is not shaped like a record")

// skimLine reads one line from br and returns its skeleton (appended to
// out[:0]), the line itself without its newline when it came in one piece
// of br's buffer (nil otherwise; valid until br is read again), and how
// many bytes it read. err is non-nil only when the line has no newline
// (io.EOF) or on a read error, as with bufio.Reader.ReadSlice.
func skimLine(br *bufio.Reader, out []byte) (skel, whole []byte, n int64, err error) {
	var s skimmer
	s.out = out[:0]
	for first := true; ; first = false {
		chunk, err := br.ReadSlice('\n')
		n += int64(len(chunk))
		if err == nil {
			chunk = chunk[:len(chunk)-1]
		}
		s.feed(chunk)
		if err != bufio.ErrBufferFull {
			if first {
				whole = chunk
			}
			if s.tooLarge {
				return s.out[:0], whole, n, errSkimTooLarge
			}
			return s.out, whole, n, err
		}
	}
}

// skimmer is the state of skimLine between the pieces of a line.
type skimmer struct {
	out      []byte
	depth    int  // open containers being copied
	skip     int  // open containers being emptied
	inStr    bool // inside a string
	esc      bool // the last byte in the string was an escaping backslash
	openStr  bool // the string's opening quote was copied
	keepStr  bool // the string's content is still being copied
	strAt    int  // where its content starts in out
	tooLarge bool
}

func (s *skimmer) copying() bool { return s.skip == 0 && !s.tooLarge }

func (s *skimmer) feed(b []byte) {
	for i := 0; i < len(b); {
		if s.inStr {
			i = s.str(b, i)
			continue
		}
		c := b[i]
		i++
		switch {
		case c == '"':
			s.inStr, s.keepStr = true, s.copying()
			s.openStr = s.keepStr
			if s.keepStr {
				s.out = append(s.out, '"')
				s.strAt = len(s.out)
			}
		case c == '{' || c == '[':
			switch {
			case s.skip > 0:
				s.skip++
			case c == '[' || s.depth >= skimDepth:
				s.put(c, c+2) // '{'+2 is '}', '['+2 is ']'
				s.skip = 1
			default:
				s.depth++
				s.put(c)
			}
		case c == '}' || c == ']':
			if s.skip > 0 {
				s.skip--
			} else {
				s.depth--
				s.put(c)
			}
		case s.skip == 0:
			s.put(c)
		}
	}
}

// str consumes string content from b[i:] up to and including its closing
// quote, and returns where it stopped.
func (s *skimmer) str(b []byte, i int) int {
	if s.esc {
		s.esc = false
		s.content(b[i : i+1])
		return i + 1
	}
	rest := b[i:]
	j := bytes.IndexAny(rest, `"\`)
	if j < 0 {
		s.content(rest)
		return len(b)
	}
	s.content(rest[:j])
	if rest[j] == '\\' {
		s.content(rest[j : j+1])
		s.esc = true
		return i + j + 1
	}
	s.inStr = false
	if s.openStr {
		s.out = append(s.out, '"')
	}
	return i + j + 1
}

// content copies string bytes while the string is short enough to keep.
func (s *skimmer) content(b []byte) {
	if !s.keepStr {
		return
	}
	if len(s.out)-s.strAt+len(b) > skimString {
		s.out, s.keepStr = s.out[:s.strAt], false
		return
	}
	s.out = append(s.out, b...)
}

func (s *skimmer) put(c ...byte) {
	if !s.copying() {
		return
	}
	if len(s.out)+len(c) > skimMax {
		s.tooLarge = true
		return
	}
	s.out = append(s.out, c...)
}

// skimNext reads the next record's skeleton into v, with the same warnings
// and end as Next: a listing reports the same damage a replay does.
func (r *Reader) skimNext(v any) error {
	return r.next(r.readSkim, func(line []byte) error {
		if r.lineErr != nil {
			return r.lineErr
		}
		if bytes.Contains(line, []byte(`"format"`)) {
			var h struct {
				Format string `json:"format"`
			}
			if json.Unmarshal(line, &h) == nil && h.Format != "" {
				return errJoined
			}
		}
		if err := json.Unmarshal(line, v); err != nil {
			return err
		}
		if st, ok := v.(seqTimed); ok {
			r.inOrder(st.place())
		}
		if c, ok := v.(closing); ok {
			r.closed = c.closes()
		}
		return nil
	})
}

// readSkim is readLine for skimNext: the next line's skeleton.
func (r *Reader) readSkim() ([]byte, error) {
	line, whole, n, err := skimLine(r.br, r.buf)
	r.buf, r.raw = line, bytes.TrimSuffix(whole, []byte("\r"))
	r.pos += n
	if n > 0 || err == nil {
		r.line++
	}
	r.lineErr = nil
	if errors.Is(err, errSkimTooLarge) {
		r.lineErr, err = err, nil
	}
	if n > maxLine {
		// A replay reads the line back whole to show it.
		r.lineErr = longLineErr(n, true)
	}
	if r.lineErr != nil {
		line = []byte("-") // not blank: the parse reports it
	}
	return bytes.TrimSpace(line), err
}
