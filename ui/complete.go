package ui

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// toolInfo is a tool with its schema, parsed on first use.
type toolInfo struct {
	tool mcp.Tool
	// named says why a call by the tool's name cannot be sure to reach
	// it (mcp.NameProblem), or "".
	named  string
	parsed bool
	schema *command.Schema
	err    error // the inputSchema could not be read
}

func (t *toolInfo) getSchema() (*command.Schema, error) {
	if !t.parsed {
		t.schema, t.err = command.ParseSchema(t.tool.InputSchema)
		t.parsed = true
	}
	return t.schema, t.err
}

// lineContext is what the text before the cursor is in the middle of.
type lineContext struct {
	before string         // the text before the cursor, which words index
	words  []command.Word // complete words before the current one
	cur    command.Word   // the word being typed; empty at the start of a new word
	// curQuoted is whether cur was opened with a quote: a quoted tool
	// name may hold = or {, which Enter refuses unquoted.
	curQuoted bool
	index     int       // the position of cur among the words
	method    string    // the method, aliases resolved; "" while typing it
	tool      string    // the tool name of tools/call, once typed
	info      *toolInfo // that tool, when it is known
	// methods are the method words of the session's era (command.MethodsFor);
	// nil offers those of every era.
	methods []string
	// undeclared are the methods whose capability the server left out
	// of what it declared; nil before it declared any.
	undeclared map[string]bool
	// room is the width of the hint row; 0 when not known.
	room int
	// rows is how many rows of room a list of names in the hint may take
	// (0: one); the rest wraps or is cut.
	rows int
}

// methodWords are the methods the first word may be, for this line's era.
func (ctx lineContext) methodWords() []string {
	if ctx.methods == nil {
		return command.MethodsFor("")
	}
	return ctx.methods
}

// methodsOffered are the method words starting with prefix, those the
// server declared the capability of (or that need none) first, then the
// ones it did not: still typeable, a server may serve what it left out.
func (ctx lineContext) methodsOffered(prefix string) (offered, undeclared []string) {
	for _, m := range ctx.methodWords() {
		switch {
		case !strings.HasPrefix(m, prefix):
		case ctx.undeclared[m]:
			undeclared = append(undeclared, m)
		default:
			offered = append(offered, m)
		}
	}
	return offered, undeclared
}

// notDeclared marks a method the server did not declare the capability
// of, among Tab's candidates.
const notDeclared = " (not declared)"

// analyze reads the text before the cursor.
func analyze(before string, tools map[string]*toolInfo) lineContext {
	words := command.SplitPartial(before)
	ctx := lineContext{before: before, cur: command.Word{Start: len(before), End: len(before)}}
	if n := len(words); n > 0 && words[n-1].End == len(before) {
		ctx.cur, words = words[n-1], words[:n-1]
		ctx.curQuoted = strings.ContainsRune(`'"`, rune(before[ctx.cur.Start]))
	}
	ctx.words, ctx.index = words, len(words)
	if len(words) > 0 {
		// The short forms the command line accepts complete as their
		// methods do: "call NAME " like "tools/call NAME ".
		ctx.method = command.Canonical(words[0].Text)
	}
	if ctx.method == "tools/call" && len(words) > 1 {
		ctx.tool = words[1].Text
		ctx.info = tools[ctx.tool]
	}
	return ctx
}

// givenKeys are the argument keys of the complete words after the tool.
func (ctx lineContext) givenKeys() []string {
	return keysOf(ctx.words[min(ctx.firstKey(), len(ctx.words)):])
}

// keysOf are the keys of the key=value words among words (a "key:=" raw
// JSON one's without its colon), in the command line and an answer alike.
func keysOf(words []command.Word) []string {
	var keys []string
	for _, w := range words {
		if k, _, ok := strings.Cut(w.Text, "="); ok {
			keys = append(keys, strings.TrimSuffix(k, ":"))
		}
	}
	return keys
}

// firstKey is the index of the line's first key=value word: after the
// method and the tool, prompt or URI, or right after a method whose keys
// follow it.
func (ctx lineContext) firstKey() int {
	if command.ParamsSchema(ctx.method) != nil {
		return 1
	}
	return 2
}

// template is the URI template the words after it fill: the target of
// resources/read (subscribe, unsubscribe) or of completion/complete
// resource, once typed; "" when the line names none.
func (ctx lineContext) template() string {
	at := 1
	if ctx.method == "completion/complete" {
		if len(ctx.words) < 2 || ctx.words[1].Text != "resource" {
			return ""
		}
		at = 2
	} else if !command.IsResourceTarget(ctx.method) {
		return ""
	}
	if ctx.index <= at || !command.IsTemplate(ctx.words[at].Text) {
		return ""
	}
	return ctx.words[at].Text
}

// uriKeyed splits the URI word of resources/read (subscribe, unsubscribe)
// typed in the generic form uri=X, which Enter sends as the URI X, into
// "uri=" and the URI's start; any other word is all URI. Quoted, 'uri=x'
// is the URI a server listed, sent whole.
func (ctx lineContext) uriKeyed() (key, prefix string) {
	if !ctx.curQuoted && strings.HasPrefix(ctx.cur.Text, "uri=") {
		return "uri=", strings.TrimPrefix(ctx.cur.Text, "uri=")
	}
	return "", ctx.cur.Text
}

// completion is what Tab may put in place of the current word.
type completion struct {
	start  int      // byte offset where the replaced word starts
	items  []string // the text inserted, quoted as needed
	labels []string // the same, sanitized for the hint line
}

func (c *completion) add(insert, label string) {
	if strings.ContainsFunc(insert, inputDrops) {
		return // the input would drop those characters: it could not send this name
	}
	c.items = append(c.items, insert)
	c.labels = append(c.labels, sanitize.Line(label))
}

// inputDrops reports whether the command line's input drops r from what
// is put in it: control characters, and U+FFFD (the bubbles sanitizer's
// rule), which a server's name holds wherever its JSON held invalid UTF-8.
// A tool named "\ufffd" was put on the line as an empty quoted name, which
// calls another tool.
func inputDrops(r rune) bool { return r == utf8.RuneError || unicode.IsControl(r) }

// complete lists the candidates for the word under the cursor.
func complete(ctx lineContext, tools []mcp.Tool, roots []mcp.Root, sf history.Surface) completion {
	comp := completion{start: ctx.cur.Start}
	prefix := ctx.cur.Text
	switch {
	case ctx.index == 0:
		offered, undeclared := ctx.methodsOffered(prefix)
		for _, m := range offered {
			comp.add(m+" ", m)
		}
		for _, m := range undeclared {
			comp.add(m+" ", m+notDeclared)
		}
	case ctx.method == "roots" && ctx.index == 1:
		for _, v := range rootsVerbs {
			if strings.HasPrefix(v, prefix) {
				comp.add(v+" ", v)
			}
		}
	case ctx.method == "roots" && ctx.words[1].Text == "rm":
		for _, r := range roots {
			if strings.HasPrefix(r.URI, prefix) {
				comp.add(command.ShellQuote(r.URI)+" ", mcp.URIListed(r.URI))
			}
		}
	case ctx.atPromptName():
		for _, p := range sf.Prompts {
			if strings.HasPrefix(p.Name, prefix) {
				comp.add(command.QuoteName(p.Name)+" ", mcp.NameListed(p.Name))
			}
		}
	case (ctx.method == "prompts/get" || ctx.completesPrompt()) && !strings.Contains(prefix, "="):
		given := ctx.givenKeys()
		var args []command.PromptArgument
		if p := ctx.namedPrompt(sf.Prompts); p != nil {
			args = p.Arguments
		}
		for _, req := range []bool{true, false} {
			for _, a := range args {
				if a.Required == req && a.Name != "" && strings.HasPrefix(a.Name, prefix) && !slices.Contains(given, a.Name) {
					// Inserted as a tool's key is: shell-quoted, "a=b"
					// was read as key a and "k:" as k:= raw JSON.
					comp.add(command.KeyTyped(a.Name)+"=", command.KeyWord(a.Name)+"=")
				}
			}
		}
	case ctx.template() != "" && !strings.Contains(prefix, "="):
		given := ctx.givenKeys()
		for _, v := range command.TemplateVars(ctx.template()) {
			if strings.HasPrefix(v, prefix) && !slices.Contains(given, v) {
				comp.add(command.ShellQuote(v)+"=", v+"=")
			}
		}
	case ctx.method == "resources/unsubscribe" && ctx.index == 1:
		// Only what the session is subscribed to: any other URI has
		// nothing to undo.
		key, prefix := ctx.uriKeyed()
		for _, u := range sf.Subscribed {
			if strings.HasPrefix(u, prefix) {
				comp.add(key+command.QuoteName(u)+" ", mcp.URIListed(u))
			}
		}
	case command.IsResourceTarget(ctx.method) && ctx.index == 1,
		ctx.method == "completion/complete" && ctx.index == 2 && ctx.words[1].Text == "resource":
		key, prefix := "", prefix
		if ctx.method != "completion/complete" {
			key, prefix = ctx.uriKeyed()
			for _, r := range sf.Resources {
				if strings.HasPrefix(r.URI, prefix) {
					comp.add(key+command.QuoteName(r.URI)+" ", mcp.URIListed(r.URI))
				}
			}
		}
		for _, t := range sf.Templates {
			if strings.HasPrefix(t.URITemplate, prefix) {
				comp.add(key+command.QuoteName(t.URITemplate)+" ", mcp.URIListed(t.URITemplate))
			}
		}
	case ctx.method == "logging/setLevel" && ctx.index == 1:
		for _, v := range command.LogLevels {
			if strings.HasPrefix(v, prefix) {
				comp.add(v+" ", v)
			}
		}
	case ctx.method == "completion/complete" && ctx.index == 1:
		for _, v := range []string{"prompt", "resource"} {
			if strings.HasPrefix(v, prefix) {
				comp.add(v+" ", v)
			}
		}
	case command.IsList(ctx.method):
		for _, opt := range []string{"--all", "cursor="} {
			if strings.HasPrefix(opt, prefix) && !slices.ContainsFunc(ctx.words, func(w command.Word) bool { return strings.HasPrefix(w.Text, opt) }) {
				comp.add(strings.Replace(opt+" ", "= ", "=", 1), opt)
			}
		}
	case ctx.method == "tools/call" && ctx.index == 1:
		for _, t := range tools {
			if strings.HasPrefix(t.Name, prefix) {
				// Labelled as the hint names it: an empty name as "",
				// not as a blank between the others.
				comp.add(command.QuoteName(t.Name)+" ", toolName(t.Name))
			}
		}
	case ctx.keysSchema() != nil:
		ctx.completeKeys(&comp, ctx.keysSchema())
	}
	return comp
}

// keysSchema is the schema whose keys the words after the method give:
// the tool's, for tools/call, or the params the specification types for
// a method (tasks/get taskId=, notifications/cancelled requestId=), which
// are offered as a tool's are. nil when the line has none.
func (ctx lineContext) keysSchema() *command.Schema {
	switch {
	case ctx.method == "tools/call" && ctx.info != nil:
		schema, _ := ctx.info.getSchema()
		return schema
	case ctx.index >= 1:
		return command.ParamsSchema(ctx.method)
	}
	return nil
}

// completeKeys offers the keys of schema not given yet, the required ones
// first, or the values of the key whose = is typed.
func (ctx lineContext) completeKeys(comp *completion, schema *command.Schema) {
	prefix := ctx.cur.Text
	if key, value, ok := strings.Cut(prefix, "="); ok {
		if !strings.HasSuffix(key, ":") {
			completeValues(comp, key, value, schema.PropertyTyped(key), ctx.words)
		}
		return
	}
	for _, p := range keysLeft(schema, prefix, ctx.givenKeys()) {
		comp.add(command.KeyTyped(p.Name)+"=", command.KeyWord(p.Name)+"=")
	}
}

// keysLeft are the properties of schema (nil: none) starting with prefix
// that given does not name yet, the required ones first: what a key's Tab
// offers and its hint lists, on the command line and in a form alike. A
// key named "" is left out: no key=value word can give it (an empty
// quoted key is refused as a key before = that is empty), so Tab offered
// a word Enter refused.
func keysLeft(schema *command.Schema, prefix string, given []string) []command.Property {
	var left []command.Property
	for _, req := range []bool{true, false} {
		for _, p := range schemaProps(schema) {
			if p.Required == req && p.Name != "" && strings.HasPrefix(p.Name, prefix) && !slices.Contains(given, p.Name) {
				left = append(left, p)
			}
		}
	}
	return left
}

// listedPrompt is the prompt named name as prompts/list gave it, or nil.
func listedPrompt(prompts []command.Prompt, name string) *command.Prompt {
	if i := slices.IndexFunc(prompts, func(p command.Prompt) bool { return p.Name == name }); i >= 0 {
		return &prompts[i]
	}
	return nil
}

func schemaProps(s *command.Schema) []command.Property {
	if s == nil {
		return nil
	}
	return s.Properties
}

// completeValues offers the enum members (or true and false) of a key. An
// array whose items are an enum (a multi-select form field, a list of
// tags) offers the items' members: a key given again adds one to the list,
// so the members words already give it (given) are not offered again.
func completeValues(comp *completion, key, typed string, p *command.Property, given []command.Word) {
	if p == nil || p.Schema == nil {
		return
	}
	vs := valuesSchema(p)
	values := scalarChoices(vs)
	var chosen []string
	if vs != p.Schema {
		for _, w := range given {
			if k, v, ok := strings.Cut(w.Text, "="); ok && k == key {
				chosen = append(chosen, v)
			}
		}
	}
	for _, v := range values {
		var s string
		if err := json.Unmarshal(v, &s); err == nil {
			if strings.HasPrefix(s, typed) && !slices.Contains(chosen, s) {
				comp.add(command.ShellQuote(key)+"="+command.ShellQuote(s)+" ", s)
			}
			continue
		}
		var b bytes.Buffer
		if json.Compact(&b, v) != nil || !strings.HasPrefix(b.String(), typed) {
			continue
		}
		sep := "="
		if t := b.String(); strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[") {
			sep = ":=" // objects and arrays go through as raw JSON
		}
		comp.add(command.ShellQuote(key)+sep+command.ShellQuote(b.String())+" ", b.String())
	}
}

// valuesSchema is the schema whose choices a key's values are: the key's
// own, or its items' for an array whose items are an enum (a multi-select
// form field, a list of tags).
func valuesSchema(p *command.Property) *command.Schema {
	if p == nil || p.Schema == nil {
		return nil
	}
	s := p.Schema
	if len(scalarChoices(s)) == 0 && s.Items != nil && slices.Contains(s.Type, "array") {
		return s.Items
	}
	return s
}

// scalarChoices are the values a schema allows when it lists them: its enum
// members, or true and false for a boolean.
func scalarChoices(s *command.Schema) []json.RawMessage {
	if values := s.Choices(); len(values) > 0 {
		return values
	}
	if slices.Contains(s.Type, "boolean") {
		return []json.RawMessage{json.RawMessage("true"), json.RawMessage("false")}
	}
	return nil
}

// commonPrefix is the longest prefix all items share.
func commonPrefix(items []string) string {
	if len(items) == 0 {
		return ""
	}
	p := items[0]
	for _, it := range items[1:] {
		n := 0
		for n < len(p) && n < len(it) && p[n] == it[n] {
			n++
		}
		p = p[:n]
	}
	for len(p) > 0 && !utf8.ValidString(p) {
		p = p[:len(p)-1] // never end inside a rune
	}
	return p
}
