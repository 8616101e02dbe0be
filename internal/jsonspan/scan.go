package jsonspan

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
)

// Scanner is the one JSON tokenizer: Parse indexes what it reads, and the
// pretty-printer (internal/jsonfmt) prints it. It reads a text one token at
// a time, checks the grammar as it goes, and keeps no more than one bit per
// open container, so a token costs the same at any depth and a text of any
// size costs one pass.
type Scanner struct {
	// Stream lets the text hold any number of values one after another, as
	// JSON lines do; without it the text is exactly one value.
	Stream bool
	// Cut lets the text end anywhere, as a text cut short does: a token it
	// ends inside of is read with Partial set, and open containers are left
	// open.
	Cut bool

	src     []byte
	tok     Token // the last token read
	i       int
	state   scanState
	depth   int      // open containers
	objects []uint64 // bit d: the container at depth d+1 is an object
	inner   Kind     // the innermost open container's kind, read per comma
	// bare is set after a top-level number or literal, which another value
	// must not touch: in "01" or "truefalse" nothing says where one ends.
	bare bool
}

// scanState is what the Scanner looks for next.
type scanState uint8

const (
	wantValue      scanState = iota // at the top level, after ':' or after ',' in an array
	wantFirstValue                  // after '[': an element or ']'
	wantKey                         // after ',' in an object
	wantFirstKey                    // after '{': a key or '}'
	wantColon                       // after a key
	wantAfter                       // after a value: ',', a closing bracket, or the end
	scanDone
)

// Token is one step of a scan: a scalar value, an object member's key, or
// one bracket of a container.
type Token struct {
	// Kind is the value's type; for a bracket, its container's.
	Kind Kind
	// Key marks an object member's key, a String.
	Key bool
	// Close marks a container's closing bracket; without it, a token of
	// Kind Object or Array is the opening one.
	Close bool
	// Partial marks the token a Cut text ends inside of.
	Partial bool
	// Depth is how many containers hold the value: 0 for the top level. A
	// container's brackets have its own depth, its members one more.
	Depth int
	// From and To are where the token is in the text: all of a scalar or a
	// key, quotes included, or the one bracket.
	From, To int
}

// NewScanner returns a Scanner at the start of src, which it reads but never
// changes or keeps beyond its own life.
func NewScanner(src []byte) *Scanner { return &Scanner{src: src} }

// Token is the token Next read last; the next call to Next changes it.
func (s *Scanner) Token() *Token { return &s.tok }

// Next reads the next token (see Token), or returns io.EOF after the last
// one, or a *SyntaxError where the text stops being JSON. Tokens are kept
// in the Scanner rather than returned: copying a token up through every
// call made Parse three times slower.
func (s *Scanner) Next() error {
	src := s.src
	i := s.space(s.i)
	switch s.state {
	case wantAfter:
		if s.depth == 0 {
			if i >= len(src) {
				s.state = scanDone
				return io.EOF
			}
			if !s.Stream || s.bare && i == s.i && startsBare(src[i]) {
				return s.fail(i, "after top-level value")
			}
			break // another top-level value
		}
		if i >= len(src) {
			return s.end(0, 0, s.eof())
		}
		kind := s.inner
		if src[i] == closer(kind) {
			s.close(kind, i)
			return nil
		}
		if src[i] != ',' {
			if kind == Object {
				return s.fail(i, "after object key:value pair")
			}
			return s.fail(i, "after array element")
		}
		i = s.space(i + 1)
		if kind == Object {
			return s.key(i)
		}
	case wantFirstKey:
		if i < len(src) && src[i] == '}' {
			s.close(Object, i)
			return nil
		}
		return s.key(i)
	case wantKey:
		return s.key(i)
	case wantColon:
		if i >= len(src) {
			return s.end(0, 0, s.eof())
		}
		if src[i] != ':' {
			return s.fail(i, "after object key")
		}
		i = s.space(i + 1)
	case wantFirstValue:
		if i < len(src) && src[i] == ']' {
			s.close(Array, i)
			return nil
		}
	case scanDone:
		return io.EOF
	}
	return s.value(i)
}

// value reads the value that starts at i.
func (s *Scanner) value(i int) error {
	src := s.src
	if i >= len(src) {
		return s.end(0, 0, s.eof())
	}
	var (
		kind Kind
		to   int
		err  error
	)
	switch c := src[i]; {
	case c == '{':
		s.push(Object, i, wantFirstKey)
		return nil
	case c == '[':
		s.push(Array, i, wantFirstValue)
		return nil
	case c == '"':
		kind = String
		to, err = s.str(i)
	case c == 't' || c == 'f':
		kind = Bool
		to, err = s.literal(i)
	case c == 'n':
		kind = Null
		to, err = s.literal(i)
	case c == '-' || c >= '0' && c <= '9':
		kind = Number
		to, err = s.number(i)
	default:
		return s.fail(i, "looking for beginning of value")
	}
	if err != nil {
		return s.end(kind, i, err)
	}
	s.tok = Token{Kind: kind, Depth: s.depth, From: i, To: to}
	s.bare = s.depth == 0 && kind != String
	s.i, s.state = to, wantAfter
	return nil
}

// key reads `"key"` at i.
func (s *Scanner) key(i int) error {
	if i >= len(s.src) {
		return s.end(0, 0, s.eof())
	}
	if s.src[i] != '"' {
		return s.fail(i, "looking for beginning of object key string")
	}
	to, err := s.str(i)
	if err != nil {
		err = s.end(String, i, err)
		s.tok.Key = true
		return err
	}
	s.tok = Token{Kind: String, Key: true, Depth: s.depth, From: i, To: to}
	s.i, s.state = to, wantColon
	return nil
}

// close reads the closing bracket at i of the innermost container.
func (s *Scanner) close(kind Kind, i int) {
	s.depth--
	if s.depth > 0 {
		d := uint(s.depth - 1)
		s.inner = Array
		if s.objects[d/64]&(1<<(d%64)) != 0 {
			s.inner = Object
		}
	}
	s.tok = Token{Kind: kind, Close: true, Depth: s.depth, From: i, To: i + 1}
	s.i, s.state = i+1, wantAfter
	s.bare = false
}

// push reads the opening bracket at i of a container.
func (s *Scanner) push(kind Kind, i int, next scanState) {
	s.tok = Token{Kind: kind, Depth: s.depth, From: i, To: i + 1}
	s.i, s.state = i+1, next
	s.inner = kind
	w, bit := uint(s.depth)/64, uint64(1)<<(uint(s.depth)%64)
	if w == uint(len(s.objects)) {
		s.objects = append(s.objects, 0)
	}
	if kind == Object {
		s.objects[w] |= bit
	} else {
		s.objects[w] &^= bit
	}
	s.depth++
}

func closer(k Kind) byte {
	if k == Object {
		return '}'
	}
	return ']'
}

// startsBare reports whether c can start a number or a literal.
func startsBare(c byte) bool {
	return c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z'
}

// end stops the scan at err. When err is the end of a Cut text, that is no
// error: the token it ended inside of (of kind, from from; none when kind is
// 0) is read as Partial, and io.EOF comes after it.
func (s *Scanner) end(kind Kind, from int, err error) error {
	s.state = scanDone
	e, ok := err.(*SyntaxError)
	if !ok || !e.atEnd || !s.Cut {
		return err
	}
	if kind == 0 {
		return io.EOF
	}
	s.tok = Token{Kind: kind, Partial: true, Depth: s.depth, From: from, To: len(s.src)}
	return nil
}

func (s *Scanner) fail(i int, context string) error {
	return s.end(0, 0, s.bad(i, context))
}

// literal reads true, false or null at i.
func (s *Scanner) literal(i int) (int, error) {
	for _, lit := range [...]string{"true", "false", "null"} {
		if lit[0] != s.src[i] {
			continue
		}
		for k := 1; k < len(lit); k++ {
			if i+k >= len(s.src) {
				return i + k, s.eof()
			}
			if s.src[i+k] != lit[k] {
				return i + k, s.bad(i+k, fmt.Sprintf("in literal %s (expecting %q)", lit, lit[k]))
			}
		}
		return i + len(lit), nil
	}
	return i, s.bad(i, "looking for beginning of value")
}

// str reads the string starting at the quote at i and returns the index
// past its closing quote.
func (s *Scanner) str(i int) (int, error) {
	src := s.src
	j := i + 1
	for j < len(src) {
		j += stringStop(src[j:])
		if j >= len(src) {
			break
		}
		c := src[j]
		switch {
		case c == '"':
			return j + 1, nil
		case c < 0x20:
			return j, s.bad(j, "in string literal")
		case c == '\\':
			if j+1 >= len(src) {
				return j, s.eof()
			}
			switch src[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				for k := j + 2; k < j+6; k++ {
					if k >= len(src) {
						return k, s.eof()
					}
					if !IsHex(src[k]) {
						return k, s.bad(k, "in \\u hexadecimal character escape")
					}
				}
				j += 6
			default:
				return j + 1, s.bad(j+1, "in string escape code")
			}
		default:
			j++
		}
	}
	return j, s.eof()
}

// stringStop returns the index of the first byte in b that ends a run of
// plain string bytes ('"', '\\' or a control byte), or len(b). Strings are
// most of a schema's bytes, so it looks at eight bytes at a time: the classic
// has-zero-byte and has-less-than tests flag the first such byte exactly.
func stringStop(b []byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		q, s := x^(ones*'"'), x^(ones*'\\')
		if m := ((q-ones)&^q | (s-ones)&^s | (x-ones*0x20)&^x) & highs; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; c == '"' || c == '\\' || c < 0x20 {
			return i
		}
	}
	return len(b)
}

// IsHex reports whether c is a hex digit, as a \u escape and a URL's
// %XX hold them: the one check for both.
func IsHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// number reads -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? at i.
func (s *Scanner) number(i int) (int, error) {
	src := s.src
	digits := func(j int) (int, error) {
		if j >= len(src) {
			return j, s.eof()
		}
		if src[j] < '0' || src[j] > '9' {
			return j, s.bad(j, "in numeric literal")
		}
		for j < len(src) && src[j] >= '0' && src[j] <= '9' {
			j++
		}
		return j, nil
	}
	j := i
	if src[j] == '-' {
		j++
	}
	var err error
	if j < len(src) && src[j] == '0' {
		j++
	} else if j, err = digits(j); err != nil {
		return j, err
	}
	if j < len(src) && src[j] == '.' {
		if j, err = digits(j + 1); err != nil {
			return j, err
		}
	}
	if j < len(src) && (src[j] == 'e' || src[j] == 'E') {
		j++
		if j < len(src) && (src[j] == '+' || src[j] == '-') {
			j++
		}
		if j, err = digits(j); err != nil {
			return j, err
		}
	}
	return j, nil
}

func (s *Scanner) space(i int) int {
	for i < len(s.src) {
		switch s.src[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

func (s *Scanner) eof() error {
	return &SyntaxError{msg: "unexpected end of JSON input", Offset: len(s.src), atEnd: true}
}

// bad words an error the way encoding/json does, and says where.
func (s *Scanner) bad(i int, context string) error {
	c := s.src[i]
	q := fmt.Sprintf("%q", rune(c))
	if c >= 0x80 {
		q = fmt.Sprintf("byte 0x%02x", c)
	}
	return &SyntaxError{msg: fmt.Sprintf("invalid character %s %s at byte %d", q, context, i), Offset: i}
}
