package command

import (
	"encoding/json"
	"fmt"
	"regexp/syntax"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// This file holds the one rule for a tools/call result against its tool's
// outputSchema (2025-06-18 on): a server MUST give structuredContent that
// conforms, a client SHOULD check it. The check is github.com/google/
// jsonschema-go's; what is ours is the budget around it, since that
// validator has none: a $ref that loops without reading deeper into the
// value recurses until the stack overflows (a crash no recover catches),
// and references shared by anyOf branches multiply its work. So a schema is
// walked first, in bounded time, with every reference expanded, and only
// one whose expanded size times the value's size fits outputMaxWork is
// given to the validator; past it the line says it was not checked.

// The bounds of one check. A schema level is at most two JSON levels.
const (
	outputMaxDepth = 2*schemaMaxDepth + 4
	// The TUI checks each answer as it is filed, on its update loop, so
	// these two bound what one answer may cost there: about 20 ms of the
	// validator at worst, where the argument schemas' 10,000 parts cost
	// up to 90 ms (compiling a pattern and failing a branch each cost
	// about 70 µs) and a work of 1<<20 up to 0.15 s. Both leave room for
	// a realistic outputSchema of 50 parts over a structuredContent of a
	// few thousand values.
	outputMaxNodes = 2000            // JSON values of the schema, references expanded
	outputMaxWork  = 1 << 18         // expanded schema values × units of the value
	outputUnit     = 64              // bytes of the value that count as one more unit
	outputMaxValue = schemaMaxValues // values of structuredContent counted; past them its bytes count
	// The schema is read once per listing (compileOutput): at 1 MiB that
	// costs about 17 ms, and a schema's size in parts says nothing of
	// the strings (descriptions, a const) that make it long.
	outputMaxBytes = 1 << 20
	// A pattern costs the validator its program's length for each byte
	// of a string it is matched on (a 30 KB one, 14 s over a 200 KB
	// string), so its instructions count as parts; one this long is
	// not read to be counted.
	outputMaxPattern = 4 * outputMaxNodes
)

// OutputMismatch says in one line how the result of a call of the tool
// named breaks that tool's outputSchema, as tools lists it: the
// structuredContent does not conform, is missing, or is not an object; or
// that it was not checked, and why, when the schema costs too much to check
// or cannot be used. "" when the result conforms, when the tool or its
// outputSchema is not known, and for what is no result the schema
// describes: a tool error (isError true), a task made to run the call, a
// round that asks for input. The line holds server text:
// sanitize it before it reaches a terminal.
func OutputMismatch(tools []mcp.Tool, name string, result json.RawMessage) string {
	t := mcp.FindTool(tools, name)
	if t == nil || len(t.OutputSchema) == 0 || string(t.OutputSchema) == "null" {
		return ""
	}
	doc, err := jsonspan.Parse(result, jsonspan.Limits{Depth: 1})
	if err != nil || doc.Root().Kind() != jsonspan.Object {
		return ""
	}
	root := doc.Root()
	if string(root.Get("isError").Raw()) == "true" || root.Get("task").Kind() == jsonspan.Object {
		// A tool's failure, or a task made to run the call (its
		// CreateTaskResult): no result the schema describes.
		return ""
	}
	if rt, _ := root.Get("resultType").Text(); rt == "input_required" {
		return "" // a round that asks for input; the result comes after
	}
	sc := root.Get("structuredContent")
	switch sc.Kind() {
	case 0, jsonspan.Null:
		return "no structuredContent, though the tool has an outputSchema"
	case jsonspan.Object:
	default:
		// 2026-07-28 lets structuredContent be any JSON value; its
		// results, and only its, must carry resultType, so a result that
		// names one is read by that revision's rule, whatever the era
		// (this needs no knowledge of the session it came in).
		if root.Get("resultType").Kind() == 0 {
			return "structuredContent is " + sc.KindName() + ", not an object"
		}
	}
	c := t.OutputCompiled(compileOutput).(*compiledOutput)
	if why := c.cost(sc.Raw()); why != "" {
		return "structuredContent not checked against the outputSchema: " + why
	}
	if c.unusable != "" {
		return c.unusable
	}
	var v any
	if err := json.Unmarshal(sc.Raw(), &v); err != nil {
		return ""
	}
	if err := c.rs.Validate(v); err != nil {
		return "structuredContent breaks the outputSchema: " + outputReason(err)
	}
	return ""
}

// compiledOutput is an outputSchema read for checking results against it,
// once per listing (mcp.Tool.OutputCompiled): its expanded size, or why it
// costs too much to check (costly), and the validator's form of it, or why
// the validator cannot use it (unusable, a whole line).
type compiledOutput struct {
	nodes    int
	costly   string
	unusable string
	rs       *jsonschema.Resolved
}

// compileOutput reads schema for compiledOutput: measured first, in
// bounded time, and given to the validator only when it fits.
func compileOutput(schema json.RawMessage) any {
	c := &compiledOutput{}
	if c.nodes, c.costly = outputSchemaCost(schema); c.costly != "" {
		return c
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(schema, &s); err != nil {
		c.unusable = "structuredContent not checked: the outputSchema is unreadable (" + outputReason(err) + ")"
		return c
	}
	rs, err := s.Resolve(nil)
	if err != nil {
		c.unusable = "structuredContent not checked: the outputSchema cannot be used (" + outputReason(err) + ")"
		return c
	}
	if v := s.Schema; v != "" && !strings.Contains(v, "draft-07") && !strings.Contains(v, "2020-12") {
		c.unusable = "structuredContent not checked: the outputSchema's $schema " + mcp.Excerpt([]byte(v)) + " is not draft-07 or 2020-12"
		return c
	}
	c.rs = rs
	return c
}

// outputReason is the validator's error as a short line: its innermost
// cause, after where in the schema it was found ("at /properties/n:
// type: ..."), rather than the chain of every level it passed.
func outputReason(err error) string {
	msg, at := err.Error(), ""
	for {
		rest, ok := strings.CutPrefix(msg, "validating ")
		if !ok {
			break
		}
		where, cause, ok := strings.Cut(rest, ": ")
		if !ok {
			break
		}
		at, msg = where, cause
	}
	msg = strings.Join(strings.Fields(clip.Prefix(msg, 400)), " ")
	if at != "" && at != "root" {
		msg = "at " + at + ": " + msg
	}
	return clip.Prefix(msg, 160)
}

// cost says why checking value against the schema would cost more than it
// is worth, or "" when it fits: the schema costs too much whatever the
// value (outputSchemaCost), or its expanded size times the value's does.
func (c *compiledOutput) cost(value []byte) string {
	if c.costly != "" {
		return c.costly
	}
	vd, err := jsonspan.Parse(value, jsonspan.Limits{Values: outputMaxValue + 1})
	if err != nil {
		return "structuredContent is not JSON"
	}
	units := vd.Indexed() + len(value)/outputUnit
	if c.nodes*units > outputMaxWork {
		return fmt.Sprintf("schema too large for a structuredContent this large (%d schema parts × %d parts of the value)", c.nodes, units)
	}
	return ""
}

// outputSchemaCost is the size of schema with every local reference
// expanded where it is used, or why it costs too much to check anything
// against: it nests too deep, or, expanded, holds more than outputMaxNodes
// values or loops; a reference that is not a local JSON pointer, or a
// dynamic one, cannot be expanded so is not followed either. Its cost is
// one read of the text plus one visit per value of the schema.
func outputSchemaCost(schema []byte) (int, string) {
	const tooLarge = "schema too large"
	if len(schema) > outputMaxBytes {
		return 0, fmt.Sprintf("%s (%d bytes, more than %d)", tooLarge, len(schema), outputMaxBytes)
	}
	doc, err := jsonspan.Parse(schema, jsonspan.Limits{Depth: outputMaxDepth, Values: outputMaxNodes + 1})
	if err != nil {
		return 0, "the outputSchema is not JSON"
	}
	w := outputWalk{root: doc.Root(), sizes: map[int]int{}, active: map[int]bool{}}
	nodes := w.size(doc.Root())
	if w.why != "" {
		return 0, w.why
	}
	if nodes > outputMaxNodes {
		return 0, fmt.Sprintf("%s (more than %d parts once its references are expanded)", tooLarge, outputMaxNodes)
	}
	return nodes, ""
}

// outputWalk measures a schema with its references expanded, once per
// referenced value (sizes), stopping at a loop (active).
type outputWalk struct {
	root   jsonspan.Value
	sizes  map[int]int  // expanded size of a referenced value, by its offset
	active map[int]bool // references being expanded now
	why    string       // why the walk stopped, "" while it goes on
	parsed int          // parts of the patterns read, each once
}

// size is the number of values in v with references expanded, at most
// just past outputMaxNodes; it sets why when v cannot be measured.
func (w *outputWalk) size(v jsonspan.Value) int {
	if w.why != "" {
		return 0
	}
	if v.Cut() {
		w.why = fmt.Sprintf("schema too large (more than %d parts, or nested deeper than %d levels)", outputMaxNodes, schemaMaxDepth)
		return 0
	}
	n := 1
	switch v.Kind() {
	case jsonspan.Array:
		for e := range v.Elements() {
			n = min(n+w.size(e), outputMaxNodes+1)
		}
	case jsonspan.Object:
		for key, m := range v.Members() {
			switch key {
			case "$dynamicRef", "$recursiveRef":
				w.why = "the outputSchema has a " + key + ", which is not followed"
				return 0
			case "$id":
				if from, _ := v.Span(); from != rootFrom(w.root) {
					// It moves the base "#" names below it: the walk
					// would measure another part than the validator uses.
					w.why = "the outputSchema has a $id below its top, which is not followed"
					return 0
				}
			case "$ref":
				if m.Kind() == jsonspan.String {
					n = min(n+w.ref(m), outputMaxNodes+1)
				}
			case "pattern":
				if re, ok := m.Text(); ok {
					n = min(n+w.pattern(re), outputMaxNodes+1)
				}
			case "patternProperties":
				for re := range m.Members() {
					n = min(n+w.pattern(re), outputMaxNodes+1)
				}
			}
			n = min(n+w.size(m), outputMaxNodes+1)
		}
	}
	return n
}

// ref is the expanded size of what a $ref names.
func (w *outputWalk) ref(m jsonspan.Value) int {
	ref, _ := m.Text()
	target := schemaPointer(w.root, ref)
	if !target.Exists() {
		w.why = "its $ref " + mcp.Excerpt([]byte(ref)) + " is not a local JSON pointer to a part of it"
		return 0
	}
	at, _ := target.Span()
	if n, ok := w.sizes[at]; ok {
		return n
	}
	if w.active[at] {
		w.why = "its $ref " + mcp.Excerpt([]byte(ref)) + " refers back to itself"
		return 0
	}
	w.active[at] = true
	n := w.size(target)
	delete(w.active, at)
	w.sizes[at] = n
	return n
}

// pattern is what a regular expression of the schema counts for: two
// parts for each instruction of its program (about 3 ns a byte of the
// string matched), so that one costs the validator no more than the
// parts it stands for. One that does not parse counts nothing here; the
// validator refuses it.
func (w *outputWalk) pattern(re string) int {
	if len(re) > outputMaxPattern {
		w.why = fmt.Sprintf("schema too large (a pattern of %d bytes, more than %d)", len(re), outputMaxPattern)
		return 0
	}
	parsed, err := syntax.Parse(re, syntax.Perl)
	if err != nil {
		return 0
	}
	n := 2 * programSize(parsed)
	if w.parsed += n; w.parsed > outputMaxNodes {
		// Stopped here, not after every pattern of the schema is read.
		w.why = fmt.Sprintf("schema too large (its patterns hold more than %d parts)", outputMaxNodes)
		return 0
	}
	return n
}

// programSize is about the number of instructions re compiles to, at most
// just past outputMaxNodes. It is counted on the parsed expression since
// compiling costs as much as the program is long: a{1000} repeated over
// 8 KB compiles to a million instructions in a third of a second.
func programSize(re *syntax.Regexp) int {
	n := 1
	switch re.Op {
	case syntax.OpLiteral:
		n = len(re.Rune)
	case syntax.OpRepeat:
		times := max(re.Min, re.Max, 1)
		n = min(times*programSize(re.Sub[0]), outputMaxNodes+1)
	default:
		for _, sub := range re.Sub {
			n = min(n+programSize(sub), outputMaxNodes+1)
		}
	}
	return n
}

// rootFrom is where the root value starts in its text.
func rootFrom(root jsonspan.Value) int {
	from, _ := root.Span()
	return from
}
