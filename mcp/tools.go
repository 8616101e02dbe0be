package mcp

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// Tool is one entry of a tools/list answer.
type Tool struct {
	Name        string          `json:"name"`
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema,omitempty"`
	// OutputSchema types the structuredContent of the tool's results
	// (2025-06-18 on), as the server sent it; see command.OutputMismatch.
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	// TaskSupport is execution.taskSupport (tasks.go): "required" means
	// the tool is called as a task; "" and "forbidden" mean it never is.
	TaskSupport string `json:"taskSupport,omitempty"`
	// Annotations are the hints the server gave about the tool (read-only,
	// destructive, ...), and a title of theirs.
	Annotations ToolAnnotations `json:"-"`
	// Invalid says why the tool cannot be used, when it cannot: in the
	// 2026 era a tool whose x-mcp-header annotations break the rules is
	// left out of calls (and shown, marked, since a debugger shows what the
	// server sent).
	Invalid string `json:"-"`
	// headers are the Mcp-Param headers its schema asks for, read once
	// when a 2026 tools/list answer is (ListToolsFrom), not on every call.
	headers []headerParam
	// output is OutputSchema compiled (OutputCompiled), shared by every
	// copy of the Tool; nil for a Tool not read from a tools/list answer.
	output *compiledOnce
	// Raw is the entry as the server sent it, every member kept (those
	// read above and any other): what a merged tools/list --all holds, so
	// it says of each tool what one page says. A view of the answer's
	// bytes, as InputSchema is; nil for a Tool not read from an answer.
	Raw json.RawMessage `json:"-"`
}

// compiledOnce is a Tool's outputSchema compiled on first use.
type compiledOnce struct {
	once sync.Once
	v    any
}

// OutputCompiled returns compile(t.OutputSchema), made once for the listing
// the tool came in and kept with it (command.OutputMismatch's): each answer
// of the tool is checked against the same schema, and reading it costs far
// more than a check. compile must read nothing but the schema. A Tool not
// read from a tools/list answer compiles it on each call.
func (t *Tool) OutputCompiled(compile func(schema json.RawMessage) any) any {
	if t.output == nil {
		return compile(t.OutputSchema)
	}
	t.output.once.Do(func() { t.output.v = compile(t.OutputSchema) })
	return t.output.v
}

// ToolPage is one tools/list answer, read entry by entry: an entry that is
// not a readable tool is set aside in Unreadable, so one bad tool never
// hides the others.
type ToolPage struct {
	Tools      []Tool
	NextCursor string
	Unreadable []UnreadableTool
	// HeadersRead says each tool's x-mcp-header annotations were read as
	// the page was (a 2026 session's ListToolsFrom), so Invalid already
	// says what is wrong with them and need not be worked out again.
	HeadersRead bool
	// AllUnreadable, on the last page of a listing that followed
	// nextCursor (ListToolsFrom with all), is the unreadable entries of
	// every page read, this one's too, each Index counting the entries of
	// all those pages from the first's first: what a merged list says.
	// Unreadable alone is this page's.
	AllUnreadable []UnreadableTool
	// UnreadableMore and AllUnreadableMore count the unreadable entries
	// past the first UnreadableKept, of the page and of every page read:
	// only those are kept, reasons and all.
	UnreadableMore, AllUnreadableMore int
	// cursorNamed says the page's nextCursor is a string, "" too (absent
	// or null name no next page); cursorErr that it is there but not a
	// string.
	cursorNamed bool
	cursorErr   error
}

// UnreadableKept is how many unreadable entries a ToolPage keeps, with
// what is wrong with each; the rest are counted. A server sending 100,000
// of them grew memory with a reason each, which said no more than the
// first few and their number.
const UnreadableKept = 20

// KeepUnreadable appends what(), one unreadable entry, to kept while kept
// holds fewer than UnreadableKept, and counts it in more past that: every
// listing that sets such entries aside (tools/list pages and their merge,
// prompts and resources) keeps the same few, and builds only those.
func KeepUnreadable[T any](kept []T, more *int, what func() T) []T {
	if len(kept) < UnreadableKept {
		return append(kept, what())
	}
	*more++
	return kept
}

// UnreadableTool is an entry of a tools/list answer that is not a tool
// mcpscope can call: its name is missing or not a string, or the entry is
// not an object.
type UnreadableTool struct {
	// Index is the entry's position in the answer's tools array, from 0.
	Index int
	// Reason says what is wrong with it, quoting a little of the server's
	// text; sanitize it before it reaches a terminal.
	Reason string
	// Raw is the entry as the server sent it, a view of the answer's
	// bytes: a merged list keeps it where its page had it.
	Raw json.RawMessage
}

// String is "tools[INDEX]: REASON".
func (u UnreadableTool) String() string {
	return fmt.Sprintf("tools[%d]: %s", u.Index, u.Reason)
}

// ParseTools reads the tools and the next page's cursor from a tools/list
// result. It fails only when the result itself is not readable (not JSON,
// not an object, "tools" not an array); its cost is one pass over the text
// whatever the tools' schemas hold, which are kept as raw bytes (sharing the
// result's memory: a page's schemas are most of its size).
func ParseTools(result json.RawMessage) (ToolPage, error) {
	var page ToolPage
	// Depth 3 reaches each tool's members: result, tools, tool, member.
	doc, err := jsonspan.Parse(result, jsonspan.Limits{Depth: 3})
	if err != nil {
		return page, fmt.Errorf("the tools/list result is not JSON: %v", err)
	}
	root := doc.Root()
	if root.Kind() != jsonspan.Object {
		return page, fmt.Errorf("the tools/list result is %s, not an object", root.KindName())
	}
	page.NextCursor, page.cursorNamed, page.cursorErr = pageCursor("tools/list", root.Get("nextCursor"))
	tools := root.Get("tools")
	switch tools.Kind() {
	case 0, jsonspan.Null:
		return page, nil
	case jsonspan.Array:
	default:
		return page, fmt.Errorf(`the tools/list result's "tools" is %s, not an array`, tools.KindName())
	}
	page.Tools = make([]Tool, 0, tools.Len())
	i := 0
	for entry := range tools.Elements() {
		t, reason := readTool(entry)
		if reason != "" {
			page.Unreadable = KeepUnreadable(page.Unreadable, &page.UnreadableMore, func() UnreadableTool {
				return UnreadableTool{Index: i, Reason: reason, Raw: t.Raw}
			})
		} else {
			page.Tools = append(page.Tools, t)
		}
		i++
	}
	return page, nil
}

// Tools is r's tools/list answer read: the page ListToolsFrom read, handed
// along so that what prints or merges it does not read it again, or
// ParseTools(r.Result) for an answer it did not read.
func (r *Response) Tools() (ToolPage, error) {
	if r.tools != nil {
		return *r.tools, nil
	}
	return ParseTools(r.Result)
}

// WithResult is a copy of r answering result instead, as a merged list
// does: what was read of r's own result does not go with it.
func (r *Response) WithResult(result json.RawMessage) *Response {
	c := *r
	c.Result, c.tools = result, nil
	return &c
}

// WithTools is a copy of r answering result, which holds page's tools: a
// merged tools/list --all, read already, so that what prints it reads
// neither the result nor the tools' headers again.
func (r *Response) WithTools(result json.RawMessage, page ToolPage) *Response {
	c := *r
	c.Result, c.tools = result, &page
	return &c
}

// readTool reads one entry of the tools array, or says why it cannot.
// Only the name is essential: a title or description of the wrong type is
// dropped, and the inputSchema is kept as it is for the command language to
// judge.
func readTool(v jsonspan.Value) (Tool, string) {
	t := Tool{Raw: v.Raw()}
	if v.Kind() != jsonspan.Object {
		return t, "the entry is " + KindOf(v) + ", not an object"
	}
	name := v.Get("name")
	switch name.Kind() {
	case 0:
		return t, `it has no "name"`
	case jsonspan.Null:
		return t, `its "name" is null, not a string`
	case jsonspan.String:
		t.Name, _ = name.Text()
	default:
		return t, `its "name" is ` + KindOf(name) + ", not a string"
	}
	t.Title, _ = v.Get("title").Text()
	t.Description, _ = v.Get("description").Text()
	if s := v.Get("inputSchema"); s.Exists() {
		t.InputSchema = s.Raw()
	}
	if s := v.Get("outputSchema"); s.Exists() {
		t.OutputSchema, t.output = s.Raw(), &compiledOnce{}
	}
	if a := v.Get("annotations"); a.Kind() == jsonspan.Object {
		t.Annotations = readAnnotations(a.Raw())
	}
	if e := v.Get("execution"); e.Kind() == jsonspan.Object {
		t.TaskSupport = taskSupportOf(e.Raw())
	}
	return t, ""
}

// Excerpt is the start of a value's JSON text on one line, for a message.
func Excerpt(raw []byte) string {
	const max = 40
	s := strings.Join(strings.Fields(string(raw[:min(len(raw), 4*max)])), " ")
	if len(raw) > 4*max && len(s) <= max {
		// Folding spaces left the part read short of the cut: there
		// was more all the same.
		return s + clip.Ellipsis
	}
	return clip.Marked(s, max)
}

// FindTool returns the tool called name, or nil.
func FindTool(tools []Tool, name string) *Tool {
	for i := range tools {
		if tools[i].Name == name {
			return &tools[i]
		}
	}
	return nil
}
