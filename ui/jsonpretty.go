package ui

import "github.com/mcpscope/mcpscope/internal/sanitize"

// maxIndentDepth is how deep nesting is indented. Containers deeper than
// this print on one line, so indentation is at most 64 columns and 100,000
// levels of [ cost what they weigh, not gigabytes of spaces.
const maxIndentDepth = 32

// jsonPrinter pretty-prints JSON token by token straight into a lineWriter,
// without building a tree: a megabyte response costs one pass, and each
// byte of input is looked at a bounded number of times. It checks the
// grammar as it goes so that text which is not JSON falls back to plain
// text, and it accepts input that ends early when the input was cut. It
// stops when the writer is full.
type jsonPrinter struct {
	w      *lineWriter
	s      string
	i      int
	stack  []byte // the open containers, '{' or '['
	values int    // complete top-level values
	state  parseState
	// stoppedAt is where in s the output ends when the writer filled up
	// inside a string literal; 0 otherwise.
	stoppedAt int
}

type parseState int

const (
	stValue parseState = iota
	stKey
	stColon
	stAfter // after a value inside a container: ',' or the closing bracket
)

// prettyJSON writes s pretty-printed and reports whether s was JSON (a prefix
// of JSON when cut, or when the writer filled up before the end) and how
// much of s it printed; on false the writer holds garbage and is discarded.
func prettyJSON(w *lineWriter, s string, cut bool) (ok bool, printed int) {
	p := &jsonPrinter{w: w, s: s}
	for !w.full() {
		for p.i < len(s) && isSpace(s[p.i]) {
			p.i++
		}
		if p.i == len(s) {
			return cut || (len(p.stack) == 0 && p.values > 0), len(s)
		}
		if !p.step(s[p.i], cut) {
			return false, 0
		}
	}
	if p.stoppedAt > 0 {
		return true, p.stoppedAt
	}
	return true, p.i
}

// collapsed reports whether the innermost open container is too deep to
// indent: its members go on the line it started on.
func (p *jsonPrinter) collapsed() bool { return len(p.stack) > maxIndentDepth }

// breakLine starts a line at the current depth, unless collapsed.
func (p *jsonPrinter) breakLine(collapsed bool) {
	if collapsed {
		return
	}
	p.w.newline(2 * len(p.stack))
}

func (p *jsonPrinter) step(c byte, cut bool) bool {
	switch p.state {
	case stValue:
		if len(p.stack) == 0 && p.values > 0 {
			p.w.newline(0) // another top-level value: JSON lines
		}
		return p.value(c, cut)
	case stKey:
		if c != '"' {
			return false
		}
		p.state = stColon
		return p.str(kindKey, cut)
	case stColon:
		if c != ':' {
			return false
		}
		p.i++
		p.w.write(kindPunct, ":")
		p.w.write(kindPlain, " ")
		p.state = stValue
		return true
	}
	top := p.stack[len(p.stack)-1]
	switch {
	case c == ',':
		p.i++
		p.w.write(kindPunct, ",")
		if p.collapsed() {
			p.w.write(kindPlain, " ")
		}
		p.breakLine(p.collapsed())
		p.state = stValue
		if top == '{' {
			p.state = stKey
		}
		return true
	case c == '}' && top == '{', c == ']' && top == '[':
		p.i++
		collapsed := p.collapsed()
		p.stack = p.stack[:len(p.stack)-1]
		p.breakLine(collapsed)
		p.w.write(kindPunct, brackets[c:c+1])
		p.done()
		return true
	}
	return false
}

// done moves on after a complete value.
func (p *jsonPrinter) done() {
	if len(p.stack) == 0 {
		p.values++
		p.state = stValue
		return
	}
	p.state = stAfter
}

func (p *jsonPrinter) value(c byte, cut bool) bool {
	switch {
	case c == '{' || c == '[':
		closer := byte('}')
		if c == '[' {
			closer = ']'
		}
		p.i++
		j := p.i
		for j < len(p.s) && isSpace(p.s[j]) {
			j++
		}
		if j < len(p.s) && p.s[j] == closer {
			// Empty containers stay on one line.
			p.i = j + 1
			p.w.write(kindPunct, brackets[c:c+1]+brackets[closer:closer+1])
			p.done()
			return true
		}
		p.w.write(kindPunct, brackets[c:c+1])
		p.stack = append(p.stack, c)
		p.breakLine(p.collapsed())
		p.state = stValue
		if c == '{' {
			p.state = stKey
		}
		return true
	case c == '"':
		p.done()
		return p.str(kindString, cut)
	case c == '-' || c >= '0' && c <= '9':
		j := p.i
		for j < len(p.s) && isNumberByte(p.s[j]) {
			j++
		}
		if !(cut && j == len(p.s)) && !validNumber(p.s[p.i:j]) {
			return false
		}
		p.w.write(kindNumber, p.s[p.i:j])
		p.i = j
		p.done()
		return true
	case c >= 'a' && c <= 'z':
		j := p.i
		for j < len(p.s) && p.s[j] >= 'a' && p.s[j] <= 'z' {
			j++
		}
		word := p.s[p.i:j]
		k := kindBool
		switch {
		case word == "null":
			k = kindNull
		case word == "true" || word == "false":
		case cut && j == len(p.s):
			k = kindPlain
		default:
			return false
		}
		p.w.write(k, word)
		p.i = j
		p.done()
		return true
	}
	return false
}

// str writes the string literal at p.i exactly as written, escapes and all.
func (p *jsonPrinter) str(k kind, cut bool) bool {
	j := p.i + 1
	for ; j < len(p.s); j++ {
		c := p.s[j]
		if c == '\\' {
			j++
			continue
		}
		if c == '"' {
			break
		}
		if c < 0x20 {
			return false // raw control characters are not JSON
		}
	}
	if j >= len(p.s) {
		if !cut {
			return false
		}
		j = len(p.s) - 1
	}
	lit := p.s[p.i : j+1]
	if room := p.w.room(); len(lit) > room {
		// Only what fits is sanitized and written: a 20 MB string costs
		// what the writer can still hold.
		lit = clip(lit, room)
		p.stoppedAt = p.i + len(lit)
	}
	p.w.write(k, sanitize.Line(lit))
	p.i = j + 1
	return true
}

// brackets holds the four brackets at their own byte values, so writing one
// costs no allocation: brackets[c:c+1] is the string of c.
var brackets = func() string {
	b := make([]byte, '}'+1)
	for _, c := range "[]{}" {
		b[c] = byte(c)
	}
	return string(b)
}()

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// validNumber checks the JSON number grammar: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?
func validNumber(s string) bool {
	i := 0
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i < len(s) && s[i] == '0' {
		i++
	} else if digits() == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
