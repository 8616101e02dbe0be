package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonfmt"
	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// Difference is one place where a recorded answer and a live one differ.
type Difference struct {
	Path     string `json:"path"`               // e.g. $.result.content[0].text
	Recorded string `json:"recorded,omitempty"` // compact JSON; empty when absent
	Live     string `json:"live,omitempty"`
	Kind     string `json:"kind"` // "changed" | "missing" (only recorded) | "added" (only live)
	// Of names the elements on the path that were matched by a member
	// rather than by position, e.g. `name "greet"` for $.result.tools[3].
	Of string `json:"of,omitempty"`
}

// The kinds of Difference.
const (
	DiffChanged = "changed"
	DiffMissing = "missing"
	DiffAdded   = "added"
)

// IgnoredKeys differ between runs by nature, so Compare skips them at any
// depth (compared without regard to case): session ids, clocks, request
// ids, and a task's id and clocks (protocol 2025-11-25). The top-level "id"
// is skipped too, because ids are renumbered when a recording is run again.
var IgnoredKeys = []string{"sessionId", "session_id", "timestamp", "time", "date", "requestId", "request_id", "taskId", "createdAt", "lastUpdatedAt"}

// Compare compares two JSON documents structurally and lists where they
// differ, in path order. ignore holds JSONPath-like patterns of what not to
// compare: $.result.meta.timestamp, $..sessionId, $.result.content[*].text;
// a bare name such as "etag" means that key anywhere. Text that is not JSON
// is compared as text.
func Compare(recorded, live json.RawMessage, ignore []string) []Difference {
	diffs, _ := CompareIgnoring(recorded, live, ignore)
	return diffs
}

// CompareIgnoring is Compare that also says which of the ignore patterns
// matched a field of either document (in the order given): a pattern that
// matches none ignores nothing, which the user is told rather than left to
// believe it did. A field below one already not compared is not looked at.
func CompareIgnoring(recorded, live json.RawMessage, ignore []string) ([]Difference, []string) {
	c := comparer{hit: make([]bool, len(ignore))}
	for _, p := range ignore {
		c.ignore = append(c.ignore, parsePattern(p))
	}
	diffs := c.compare(recorded, live)
	var matched []string
	for i, h := range c.hit {
		if h {
			matched = append(matched, ignore[i])
		}
	}
	return diffs, matched
}

// compare is CompareIgnoring's comparison, c's patterns set.
func (c *comparer) compare(recorded, live json.RawMessage) []Difference {
	a, errA := decodeJSON(recorded)
	b, errB := decodeJSON(live)
	switch {
	case len(bytes.TrimSpace(recorded)) == 0 && len(bytes.TrimSpace(live)) == 0:
		return nil
	case len(bytes.TrimSpace(recorded)) == 0:
		return []Difference{{Path: "$", Live: string(live), Kind: DiffAdded}}
	case len(bytes.TrimSpace(live)) == 0:
		return []Difference{{Path: "$", Recorded: string(recorded), Kind: DiffMissing}}
	case errA != nil || errB != nil:
		if bytes.Equal(recorded, live) {
			return nil
		}
		return []Difference{{Path: "$", Recorded: string(recorded), Live: string(live), Kind: DiffChanged}}
	}
	c.walk(nil, a, b)
	return c.out
}

func decodeJSON(b json.RawMessage) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, fmt.Errorf("trailing data after the JSON value")
	}
	return v, nil
}

// seg is one step of a path: an object key or an array index.
type seg struct {
	key   string
	index int // -1 for keys
	// of names the element at index when its array was matched by a
	// member (elementKey), e.g. `name "greet"`: the index alone does not
	// say which tool it is.
	of string
}

type comparer struct {
	ignore [][]pseg
	hit    []bool // which of ignore matched a path walked
	out    []Difference
}

// eraKeys are members of a result that come from the transport or the
// protocol era rather than from what the server answered: the server's own
// _meta, and the 2026 revision's cache hints. A re-run on another transport
// or era must not report them.
var eraKeys = []string{"_meta", "ttlMs", "cacheScope"}

func (c *comparer) skip(path []seg) bool {
	if len(path) == 0 {
		return false
	}
	// The user's patterns first, each that matches noted, though a
	// built-in rule below skips the path too.
	skip := false
	for i, p := range c.ignore {
		if matchPattern(p, path) {
			c.hit[i], skip = true, true
		}
	}
	if skip {
		return true
	}
	last := path[len(path)-1]
	if len(path) == 2 && path[0].key == "result" && last.index < 0 {
		for _, k := range eraKeys {
			if last.key == k {
				return true
			}
		}
	}
	if last.index < 0 {
		if len(path) == 1 && last.key == "id" {
			return true
		}
		for _, k := range IgnoredKeys {
			if strings.EqualFold(last.key, k) {
				return true
			}
		}
	}
	return false
}

// noteBelow notes the ignore patterns not matched yet that match a field
// below path, which is not compared (another pattern, or a built-in rule,
// skips it): "tools" given with "$.result.tools[*].name" matched the
// latter too. It looks no further once every pattern has matched.
func (c *comparer) noteBelow(path []seg, v any) {
	if !slices.Contains(c.hit, false) {
		return
	}
	note := func(s seg, x any) {
		below := append(path[:len(path):len(path)], s)
		for i, p := range c.ignore {
			if !c.hit[i] && matchPattern(p, below) {
				c.hit[i] = true
			}
		}
		c.noteBelow(below, x)
	}
	switch vv := v.(type) {
	case map[string]any:
		for k, x := range vv {
			note(seg{key: k, index: -1}, x)
		}
	case []any:
		for i, x := range vv {
			note(seg{index: i}, x)
		}
	}
}

func (c *comparer) add(path []seg, kind string, a, b any, hasA, hasB bool) {
	d := Difference{Path: renderPath(path), Kind: kind, Of: renderOf(path)}
	if hasA {
		d.Recorded = compact(a)
	}
	if hasB {
		d.Live = compact(b)
	}
	c.out = append(c.out, d)
}

// walk compares a and b at path; the caller has checked path against the
// ignore list.
func (c *comparer) walk(path []seg, a, b any) {
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok {
			break
		}
		keys := make([]string, 0, len(av)+len(bv))
		for k := range av {
			keys = append(keys, k)
		}
		for k := range bv {
			if _, dup := av[k]; !dup {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := append(path[:len(path):len(path)], seg{key: k, index: -1})
			x, inA := av[k]
			y, inB := bv[k]
			if len(p) == 2 && p[0].key == "result" && k == "resultType" {
				// The 2026 revision's resultType; a result without one is
				// complete, so the eras agree on "complete".
				if !inA {
					x, inA = "complete", true
				}
				if !inB {
					y, inB = "complete", true
				}
			}
			switch {
			case c.skip(p):
				c.noteBelow(p, x)
				c.noteBelow(p, y)
			case inA && inB:
				c.walk(p, x, y)
			case inA:
				c.add(p, DiffMissing, x, nil, true, false)
			default:
				c.add(p, DiffAdded, nil, y, false, true)
			}
		}
		return
	case []any:
		bv, ok := b.([]any)
		if !ok {
			break
		}
		if key := elementKey(av, bv); key != "" {
			c.walkKeyed(path, key, av, bv)
			return
		}
		for i := 0; i < max(len(av), len(bv)); i++ {
			p := append(path[:len(path):len(path)], seg{index: i})
			switch {
			case c.skip(p):
				if i < len(av) {
					c.noteBelow(p, av[i])
				}
				if i < len(bv) {
					c.noteBelow(p, bv[i])
				}
			case i < len(av) && i < len(bv):
				c.walk(p, av[i], bv[i])
			case i < len(av):
				c.add(p, DiffMissing, av[i], nil, true, false)
			default:
				c.add(p, DiffAdded, nil, bv[i], false, true)
			}
		}
		return
	}
	if !sameScalar(a, b) {
		c.add(path, DiffChanged, a, b, true, true)
	}
}

// sameScalar compares leaves; numbers by value, so 1.0 equals 1.
func sameScalar(a, b any) bool {
	an, aok := a.(json.Number)
	bn, bok := b.(json.Number)
	if aok && bok {
		if an == bn {
			return true
		}
		x, _, errX := big.ParseFloat(string(an), 10, 256, big.ToNearestEven)
		y, _, errY := big.ParseFloat(string(bn), 10, 256, big.ToNearestEven)
		return errX == nil && errY == nil && x.Cmp(y) == 0
	}
	switch a.(type) {
	case map[string]any, []any:
		return false
	}
	return a == b
}

func compact(v any) string {
	s, err := jsonfmt.Plain(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return s
}

func renderPath(path []seg) string {
	var b strings.Builder
	b.WriteString("$")
	for _, s := range path {
		switch {
		case s.index >= 0:
			fmt.Fprintf(&b, "[%d]", s.index)
		case isIdent(s.key):
			b.WriteString("." + s.key)
		default:
			b.WriteString("[" + strconv.Quote(s.key) + "]")
		}
	}
	return b.String()
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// RenderDiff shows differences as "- recorded" and "+ live" lines under
// each path, every line within width columns (a terminal's, less the
// indent the caller puts before them): a deep path is cut in its middle,
// and a value too long for its line is shown through a window, where a
// long string changed or from the start of a value added or removed.
func RenderDiff(diffs []Difference, width int) string {
	if len(diffs) == 0 {
		return "no differences\n"
	}
	width = max(width, minDiffWidth)
	values := diffValueWidth(width)
	var b strings.Builder
	for _, d := range diffs {
		b.WriteString(diffHeading(d, width))
		if ra, lb, ok := decodedBlobs(d); ok {
			// Said on a line of its own: on the heading it cut the path
			// and the uri the element is named by.
			d.Recorded, d.Live = ra, lb
			b.WriteString(decodedBlobNote)
		}
		if d.Kind == DiffChanged {
			if ra, lb, ok := changedWindows(d.Recorded, d.Live, values); ok {
				fmt.Fprintf(&b, "  - %s\n  + %s\n", ra, lb)
				continue
			}
		}
		if d.Kind != DiffAdded {
			fmt.Fprintf(&b, "  - %s\n", valueLine(d.Recorded, values))
		}
		if d.Kind != DiffMissing {
			fmt.Fprintf(&b, "  + %s\n", valueLine(d.Live, values))
		}
	}
	return b.String()
}

// diffValueWidth is the room a diff of width columns has for a value,
// after its "  - ".
func diffValueWidth(width int) int { return max(width, minDiffWidth) - len("  - ") }

// valueFits reports whether valueLine shows s whole within width. Made
// safe it may be wider than its bytes (an invalid byte is shown as
// \ufffd): then it is windowed as a longer value is.
func valueFits(s string, width int) bool {
	return len(s) <= width && ansi.StringWidth(jsonLine(s)) <= width
}

// diffCut reports whether RenderDiff at width leaves out part of a value:
// a changed string too long for the line is shown around where it
// changed, any other value from its start.
func diffCut(diffs []Difference, width int) bool {
	values := diffValueWidth(width)
	for _, d := range diffs {
		if ra, lb, ok := decodedBlobs(d); ok {
			d.Recorded, d.Live = ra, lb
		}
		if d.Kind != DiffAdded && !valueFits(d.Recorded, values) || d.Kind != DiffMissing && !valueFits(d.Live, values) {
			return true
		}
	}
	return false
}

// minDiffWidth is the least width a diff is laid out for: below it a path
// and its kind have no room to say anything.
const minDiffWidth = 40

// diffHeading is a difference's first line, "path: kind (of)", within
// width: the path is cut in its middle (its start says where, its end
// what), and the element it names given what the path leaves, at least a
// third of the line: a tool's name is cut only when the line is full.
func diffHeading(d Difference, width int) string {
	path, tail := sanitize.Line(d.Path), ": "+d.Kind
	if d.Of != "" {
		room := max(width/3, width-len(path)-len(tail)-len(" ()"))
		tail += " (" + clip.Middle(sanitize.Line(d.Of), room) + ")"
	}
	return clip.Middle(path, width-len(tail)) + tail + "\n"
}

// jsonLine shows a compact JSON value on one line. Characters that would
// drive the terminal are shown as \u escapes rather than dropped, so a
// difference that is only an invisible character is still visible.
func jsonLine(s string) string {
	return sanitize.Line(string(sanitize.JSON([]byte(s))))
}

// valueLine is a value as a diff line shows it: on one line, made safe,
// and, when longer than width, through the window a changed long string
// is shown in, from its start, with its size: a whole element added or
// removed can be megabytes. Only what is shown is made safe: a value of
// hundreds of megabytes is not copied whole to show a line of it.
func valueLine(s string, width int) string {
	if valueFits(s, width) {
		return jsonLine(s)
	}
	size := " (" + strconv.Itoa(len(s)) + " bytes)"
	if excerpt, ok := objectExcerpt(s, width-len(size)); ok {
		return excerpt + size
	}
	return window(s, 0, len(s), width-len(size)) + size
}
