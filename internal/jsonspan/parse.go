// Package jsonspan reads JSON text from servers nobody vouches for into a
// flat index of its values, so that reading it costs what the reader looks
// at, not what the sender wrote.
//
// encoding/json is the wrong tool for such text in two ways: it refuses
// anything nested deeper than 10,000 levels (one deep inputSchema would make
// a whole tools/list answer unreadable), and walking a nested document by
// decoding each member into json.RawMessage re-reads every subtree once per
// level above it. Parse reads the text once, checks all of it, and indexes
// values up to the given Limits; each indexed value knows its exact bytes,
// its members or elements, and whether some of them were left out.
package jsonspan

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
)

// Limits bound how much of a text Parse indexes; zero fields mean no limit.
// The text is always checked to its end: what lies past a limit is read but
// not indexed, and the container it sits in reports Cut.
type Limits struct {
	// Depth is the deepest level indexed; the root is at depth 0, its
	// members or elements at depth 1.
	Depth int
	// Values is the number of values indexed in all, the root included.
	Values int
	// Children is the number of members or elements indexed per container.
	Children int
}

// Kind is the JSON type of a value.
type Kind uint8

// The JSON types; the zero Kind is a value that does not exist.
const (
	Null Kind = iota + 1
	Bool
	Number
	String
	Array
	Object
)

// SyntaxError is text that is not JSON.
type SyntaxError struct {
	msg string
	// Offset is the byte where reading stopped.
	Offset int
}

// Error words the problem as encoding/json would, with the byte offset.
func (e *SyntaxError) Error() string { return e.msg }

// node is one indexed value; indexes into Doc.nodes are int32 because Parse
// refuses texts of 2 GiB and more, and a small node keeps the index small.
type node struct {
	start, end       int32 // the value's bytes
	keyStart, keyEnd int32 // an object member's quoted key
	first, last      int32 // indexed children; 0 is none (the root is never a child)
	next             int32 // the next indexed sibling
	count            int32 // members or elements in the text, indexed or not
	kind             Kind
	cut              bool // some members or elements are not indexed
}

// Doc is a parsed JSON text.
type Doc struct {
	src   []byte
	nodes []node
}

// parser holds Parse's state. The stack of open containers is explicit, so
// depth costs heap, never the goroutine stack, and it costs one bit a level:
// the containers that are indexed are always the outermost ones, so only
// they need their node kept.
type parser struct {
	src              []byte
	lim              Limits
	nodes            []node
	depth            int      // open containers
	objects          []uint64 // bit d: the container at depth d+1 is an object
	open             []int32  // nodes of the indexed open containers, outermost first
	keyStart, keyEnd int32
}

// push opens a container; idx is its node or -1.
func (p *parser) push(kind Kind, idx int32) {
	w, bit := p.depth/64, uint64(1)<<(p.depth%64)
	if w == len(p.objects) {
		p.objects = append(p.objects, 0)
	}
	if kind == Object {
		p.objects[w] |= bit
	} else {
		p.objects[w] &^= bit
	}
	p.depth++
	if idx >= 0 {
		p.open = append(p.open, idx)
	}
}

// top is the innermost open container: its kind and node (or -1).
func (p *parser) top() (Kind, int32) {
	d := p.depth - 1
	kind := Array
	if p.objects[d/64]&(1<<(d%64)) != 0 {
		kind = Object
	}
	if len(p.open) == p.depth {
		return kind, p.open[d]
	}
	return kind, -1
}

func (p *parser) pop() {
	if len(p.open) == p.depth {
		p.open = p.open[:len(p.open)-1]
	}
	p.depth--
}

// Parse checks that src is exactly one JSON value (with surrounding
// whitespace) and indexes it within lim. Its cost is linear in len(src);
// its memory, beyond the open containers' stack, is bounded by lim.Values.
func Parse(src []byte, lim Limits) (*Doc, error) {
	if len(src) >= math.MaxInt32 {
		return nil, &SyntaxError{msg: "JSON text of 2 GiB or more", Offset: 0}
	}
	p := &parser{src: src, lim: lim}
	if err := p.run(); err != nil {
		return nil, err
	}
	return &Doc{src: src, nodes: p.nodes}, nil
}

func (p *parser) run() error {
	src := p.src
	i := p.space(0)
	for {
		// A value starts at i.
		if i >= len(src) {
			return p.eof()
		}
		start := i
		c := src[i]
		var kind Kind
		switch {
		case c == '{':
			kind = Object
		case c == '[':
			kind = Array
		case c == '"':
			kind = String
		case c == 't' || c == 'f':
			kind = Bool
		case c == 'n':
			kind = Null
		case c == '-' || c >= '0' && c <= '9':
			kind = Number
		default:
			return p.bad(i, "looking for beginning of value")
		}
		idx := p.add(kind, start)
		if kind == Object || kind == Array {
			p.push(kind, idx)
			i = p.space(i + 1)
			if i < len(src) && src[i] == closer(kind) {
				p.pop()
				p.finish(idx, i+1)
				i++
			} else if kind == Object {
				var err error
				if i, err = p.key(i); err != nil {
					return err
				}
				continue
			} else {
				continue
			}
		} else {
			var err error
			if i, err = p.scalar(kind, i); err != nil {
				return err
			}
			p.finish(idx, i)
		}
		// A value ended at i: close containers or move to the next member.
		for {
			i = p.space(i)
			if p.depth == 0 {
				if i < len(src) {
					return p.bad(i, "after top-level value")
				}
				return nil
			}
			if i >= len(src) {
				return p.eof()
			}
			kind, idx := p.top()
			if src[i] == closer(kind) {
				p.pop()
				p.finish(idx, i+1)
				i++
				continue
			}
			if src[i] != ',' {
				if kind == Object {
					return p.bad(i, "after object key:value pair")
				}
				return p.bad(i, "after array element")
			}
			i = p.space(i + 1)
			if kind == Object {
				var err error
				if i, err = p.key(i); err != nil {
					return err
				}
			}
			break
		}
	}
}

func closer(k Kind) byte {
	if k == Object {
		return '}'
	}
	return ']'
}

// add counts a value in its container and indexes it when the limits allow;
// it returns the node, or -1.
func (p *parser) add(kind Kind, start int) int32 {
	parent := int32(-1)
	if n := p.depth; n > 0 {
		if len(p.open) < n {
			return -1
		}
		parent = p.open[n-1]
		pn := &p.nodes[parent]
		pn.count++
		if (p.lim.Depth > 0 && n > p.lim.Depth) ||
			(p.lim.Children > 0 && int(pn.count) > p.lim.Children) ||
			(p.lim.Values > 0 && len(p.nodes) >= p.lim.Values) {
			pn.cut = true
			return -1
		}
	}
	idx := int32(len(p.nodes))
	if len(p.nodes) == cap(p.nodes) {
		// Double, where append would grow a large slice by a quarter and
		// allocate five times what it ends up holding.
		grown := make([]node, len(p.nodes), max(64, 2*cap(p.nodes)))
		copy(grown, p.nodes)
		p.nodes = grown
	}
	p.nodes = append(p.nodes, node{start: int32(start), kind: kind})
	if parent >= 0 {
		nd := &p.nodes[idx]
		nd.keyStart, nd.keyEnd = p.keyStart, p.keyEnd
		pn := &p.nodes[parent]
		if pn.last == 0 {
			pn.first = idx
		} else {
			p.nodes[pn.last].next = idx
		}
		pn.last = idx
	}
	return idx
}

func (p *parser) finish(idx int32, end int) {
	if idx >= 0 {
		p.nodes[idx].end = int32(end)
	}
}

// key reads `"key" :` at i and returns where the member's value starts.
func (p *parser) key(i int) (int, error) {
	if i >= len(p.src) {
		return i, p.eof()
	}
	if p.src[i] != '"' {
		return i, p.bad(i, "looking for beginning of object key string")
	}
	end, err := p.str(i)
	if err != nil {
		return end, err
	}
	p.keyStart, p.keyEnd = int32(i), int32(end)
	j := p.space(end)
	if j >= len(p.src) {
		return j, p.eof()
	}
	if p.src[j] != ':' {
		return j, p.bad(j, "after object key")
	}
	return p.space(j + 1), nil
}

func (p *parser) scalar(kind Kind, i int) (int, error) {
	switch kind {
	case String:
		return p.str(i)
	case Number:
		return p.number(i)
	}
	for _, lit := range [...]string{"true", "false", "null"} {
		if lit[0] != p.src[i] {
			continue
		}
		for k := 1; k < len(lit); k++ {
			if i+k >= len(p.src) {
				return i + k, p.eof()
			}
			if p.src[i+k] != lit[k] {
				return i + k, p.bad(i+k, fmt.Sprintf("in literal %s (expecting %q)", lit, lit[k]))
			}
		}
		return i + len(lit), nil
	}
	return i, p.bad(i, "looking for beginning of value")
}

// str reads the string starting at the quote at i and returns the index
// past its closing quote.
func (p *parser) str(i int) (int, error) {
	src := p.src
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
			return j, p.bad(j, "in string literal")
		case c == '\\':
			if j+1 >= len(src) {
				return j, p.eof()
			}
			switch src[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				for k := j + 2; k < j+6; k++ {
					if k >= len(src) {
						return k, p.eof()
					}
					if !isHex(src[k]) {
						return k, p.bad(k, "in \\u hexadecimal character escape")
					}
				}
				j += 6
			default:
				return j + 1, p.bad(j+1, "in string escape code")
			}
		default:
			j++
		}
	}
	return j, p.eof()
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

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// number reads -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? at i.
func (p *parser) number(i int) (int, error) {
	src := p.src
	digits := func(j int) (int, error) {
		if j >= len(src) {
			return j, p.eof()
		}
		if src[j] < '0' || src[j] > '9' {
			return j, p.bad(j, "in numeric literal")
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

func (p *parser) space(i int) int {
	for i < len(p.src) {
		switch p.src[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

func (p *parser) eof() error {
	return &SyntaxError{msg: "unexpected end of JSON input", Offset: len(p.src)}
}

// bad words an error the way encoding/json does, and says where.
func (p *parser) bad(i int, context string) error {
	c := p.src[i]
	q := fmt.Sprintf("%q", rune(c))
	if c >= 0x80 {
		q = fmt.Sprintf("byte 0x%02x", c)
	}
	return &SyntaxError{msg: fmt.Sprintf("invalid character %s %s at byte %d", q, context, i), Offset: i}
}
