package command

import (
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// resolve parses the schema a local reference points at, once; later uses
// share it but still count its size against the budget, which is what stops
// a few references from expanding into millions of paths.
func (p *schemaParser) resolve(ref string, depth int) *Schema {
	if s, ok := p.done[ref]; ok {
		if p.nodes+s.size > schemaMaxNodes {
			// Smaller parts after this one may still fit.
			p.cut("%s", schemaTooBig)
			return p.unread
		}
		p.nodes += s.size
		return s
	}
	target := schemaPointer(p.root, ref)
	if !target.Exists() || p.active[ref] {
		return nil
	}
	p.active[ref] = true
	s := p.parse(target, depth+1)
	delete(p.active, ref)
	p.done[ref] = s
	return s
}

// schemaPointer finds the value a local reference ("#", "#/$defs/A", "#/items/0")
// names in the document, or a Value that does not exist.
func schemaPointer(root jsonspan.Value, ref string) jsonspan.Value {
	rest, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return jsonspan.Value{}
	}
	v := root
	if rest == "" {
		return v
	}
	if rest[0] != '/' {
		return jsonspan.Value{} // "#name" is an anchor, which mcpscope does not follow
	}
	for _, seg := range strings.Split(rest[1:], "/") {
		seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
		switch v.Kind() {
		case jsonspan.Object:
			v = v.Get(seg)
		case jsonspan.Array:
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 {
				return jsonspan.Value{}
			}
			v = v.Index(i)
		default:
			return jsonspan.Value{}
		}
	}
	return v
}
