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
//
// Parse reads with Scanner, the one JSON tokenizer, which code that needs
// the tokens themselves (the pretty-printer, internal/jsonfmt) uses too.
package jsonspan

import (
	"io"
	"math"
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
	atEnd  bool // the text ended inside a value
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

// parser indexes what the Scanner reads. The containers that are indexed
// are always the outermost ones, so only they need their node kept.
type parser struct {
	lim              Limits
	nodes            []node
	open             []int32 // nodes of the indexed open containers, outermost first
	keyStart, keyEnd int32
}

// Parse checks that src is exactly one JSON value (with surrounding
// whitespace) and indexes it within lim. Its cost is linear in len(src);
// its memory, beyond the open containers' stack, is bounded by lim.Values.
func Parse(src []byte, lim Limits) (*Doc, error) {
	if len(src) >= math.MaxInt32 {
		return nil, &SyntaxError{msg: "JSON text of 2 GiB or more", Offset: 0}
	}
	p := &parser{lim: lim}
	s := Scanner{src: src}
	for {
		err := s.Next()
		if err == io.EOF {
			return &Doc{src: src, nodes: p.nodes}, nil
		}
		if err != nil {
			return nil, err
		}
		t := s.Token()
		switch {
		case t.Key:
			p.keyStart, p.keyEnd = int32(t.From), int32(t.To)
		case t.Close:
			if len(p.open) > t.Depth {
				idx := p.open[len(p.open)-1]
				p.open = p.open[:len(p.open)-1]
				p.nodes[idx].end = int32(t.To)
			}
		default:
			idx := p.add(t.Kind, t.From, t.Depth)
			switch {
			case t.Kind != Object && t.Kind != Array:
				if idx >= 0 {
					p.nodes[idx].end = int32(t.To)
				}
			case idx >= 0:
				p.open = append(p.open, idx)
			}
		}
	}
}

// add counts a value at depth n in its container and indexes it when the
// limits allow; it returns the node, or -1.
func (p *parser) add(kind Kind, start, n int) int32 {
	parent := int32(-1)
	if n > 0 {
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
