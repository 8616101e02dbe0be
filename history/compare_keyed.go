package history

import (
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// Lists in MCP answers (tools, prompts, resources, a prompt's arguments)
// are sets of things with a name. Compared by position, one tool added at
// the top of tools/list shifted every tool after it and reported each as
// changed into its neighbour; matched by name, the diff says one tool was
// added. The path keeps the index (the recorded one, or the live one for
// an element only the server has now), so it stays a JSONPath that
// --ignore takes, and names the element beside it.

// elementKeys are the members an array's elements are matched by, in the
// order tried.
var elementKeys = []string{"name", "uri", "uriTemplate"}

// elementKey is the member both arrays' elements are matched by: every
// element of each is an object with a string under that key, unique within
// its array. "" when there is none: the arrays are compared by position.
func elementKey(a, b []any) string {
	if len(a) == 0 || len(b) == 0 {
		return ""
	}
	for _, key := range elementKeys {
		if uniqueBy(a, key) && uniqueBy(b, key) {
			return key
		}
	}
	return ""
}

// uniqueBy reports whether every element of list is an object whose
// string member key is unique within list.
func uniqueBy(list []any, key string) bool {
	seen := make(map[string]bool, len(list))
	for _, e := range list {
		m, ok := e.(map[string]any)
		if !ok {
			return false
		}
		v, ok := m[key].(string)
		if !ok || seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}

// walkKeyed compares two arrays element by element matched by key: what
// both have is compared, what only the recording has is missing, what only
// the live answer has is added. An order that changed alone is no
// difference.
func (c *comparer) walkKeyed(path []seg, key string, a, b []any) {
	live := make(map[string]int, len(b))
	for i, e := range b {
		live[e.(map[string]any)[key].(string)] = i
	}
	matched := make([]bool, len(b))
	for i, e := range a {
		name := e.(map[string]any)[key].(string)
		p := append(path[:len(path):len(path)], seg{index: i, of: keyLabel(key, name)})
		j, inB := live[name]
		switch {
		case c.skip(p):
			// Not compared, but a pattern naming a field inside it
			// matched, as for an array compared by position.
			c.noteBelow(p, e)
			if inB {
				matched[j] = true
				c.noteBelow(p, b[j])
			}
		case inB:
			matched[j] = true
			c.walk(p, e, b[j])
		default:
			c.add(p, DiffMissing, e, nil, true, false)
		}
	}
	for j, e := range b {
		if matched[j] {
			continue
		}
		p := append(path[:len(path):len(path)], seg{index: j, of: keyLabel(key, e.(map[string]any)[key].(string))})
		if c.skip(p) {
			c.noteBelow(p, e)
			continue
		}
		c.add(p, DiffAdded, nil, e, false, true)
	}
}

// keyLabel names an element by its key, e.g. `name "greet"`; a name a
// server made long is cut.
func keyLabel(key, name string) string {
	return key + " " + strconv.Quote(clip.Quote(name, 64))
}

// renderOf names the keyed elements on path, outermost first.
func renderOf(path []seg) string {
	var names []string
	for _, s := range path {
		if s.of != "" {
			names = append(names, s.of)
		}
	}
	return strings.Join(names, ", ")
}
