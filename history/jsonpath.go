package history

import (
	"strconv"
	"strings"
)

// pseg is one step of an ignore pattern.
type pseg struct {
	key     string
	index   int  // -1 unless the step is [N]
	any     bool // * or [*]: any key or index
	descend bool // ..: this step may match at any depth below
}

func (p pseg) matches(s seg) bool {
	switch {
	case p.any:
		return true
	case p.index >= 0:
		return s.index == p.index
	}
	return s.index < 0 && s.key == p.key
}

// parsePattern reads a JSONPath-like pattern: $, .name, ..name, .*, [N],
// [*], ["name"] and ['name']. A bare name means that key anywhere. What it
// cannot read it takes as a key name, so a typo ignores nothing rather than
// everything.
func parsePattern(s string) []pseg {
	s = strings.TrimSpace(s)
	switch {
	case strings.HasPrefix(s, "$"):
		s = s[1:]
	case strings.HasPrefix(s, ".") || strings.HasPrefix(s, "["):
	case !strings.ContainsAny(s, ".["):
		s = ".." + s
	default:
		s = "." + s
	}
	var out []pseg
	for s != "" {
		descend := false
		switch {
		case strings.HasPrefix(s, ".."):
			descend, s = true, s[2:]
		case strings.HasPrefix(s, "."):
			s = s[1:]
		}
		var p pseg
		if strings.HasPrefix(s, "[") {
			end := strings.IndexByte(s, ']')
			if end < 0 {
				end = len(s) - 1
			}
			p = bracket(s[1:max(end, 1)])
			s = s[min(end+1, len(s)):]
		} else {
			end := strings.IndexAny(s, ".[")
			if end < 0 {
				end = len(s)
			}
			p = pseg{key: s[:end], index: -1, any: s[:end] == "*"}
			s = s[end:]
		}
		p.descend = descend
		out = append(out, p)
	}
	return out
}

func bracket(in string) pseg {
	in = strings.TrimSpace(in)
	switch {
	case in == "*":
		return pseg{index: -1, any: true}
	case len(in) >= 2 && (in[0] == '"' || in[0] == '\'') && in[len(in)-1] == in[0]:
		if k, err := strconv.Unquote(`"` + in[1:len(in)-1] + `"`); err == nil {
			return pseg{key: k, index: -1}
		}
		return pseg{key: in[1 : len(in)-1], index: -1}
	}
	if n, err := strconv.Atoi(in); err == nil && n >= 0 {
		return pseg{index: n}
	}
	return pseg{key: in, index: -1}
}

// matchPattern reports whether a pattern names exactly this path.
func matchPattern(ps []pseg, path []seg) bool {
	if len(ps) == 0 {
		return len(path) == 0
	}
	p := ps[0]
	if p.descend {
		for i := range path {
			if p.matches(path[i]) && matchPattern(ps[1:], path[i+1:]) {
				return true
			}
		}
		return false
	}
	return len(path) > 0 && p.matches(path[0]) && matchPattern(ps[1:], path[1:])
}
