package ui

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/mcp"
)

// knownMethods are the methods Tab offers first on the command line; any
// other method name can still be typed and sent.
var knownMethods = []string{
	"initialize", "tools/list", "tools/call", "ping",
	"resources/list", "resources/templates/list", "resources/read",
	"prompts/list", "prompts/get", "completion/complete", "logging/setLevel",
	"notifications/initialized",
}

// methodAliases mirror the short forms mcp.ParseCommand accepts, so
// completion after "call NAME " works like after "tools/call NAME ".
var methodAliases = map[string]string{"init": "initialize", "list": "tools/list", "ls": "tools/list", "call": "tools/call"}

// lineWord is one word of a partly typed command line.
type lineWord struct {
	text       string // the word with quotes and escapes removed, as far as typed
	start, end int    // byte offsets of the raw word in the line
}

// splitPartial splits a command line the way mcp.SplitWords does, but never
// fails: an unterminated quote runs to the end of the line, because the
// user is still typing it.
func splitPartial(line string) []lineWord {
	var words []lineWord
	i := 0
	for {
		for i < len(line) && line[i] == ' ' {
			i++
		}
		if i == len(line) {
			return words
		}
		w := lineWord{start: i}
		var b strings.Builder
		for i < len(line) && line[i] != ' ' {
			switch c := line[i]; c {
			case '\'':
				end := strings.IndexByte(line[i+1:], '\'')
				if end < 0 {
					end = len(line) - i - 1
				}
				b.WriteString(line[i+1 : i+1+end])
				i = min(len(line), i+end+2)
			case '"':
				j := i + 1
				for ; j < len(line) && line[j] != '"'; j++ {
					if line[j] == '\\' && j+1 < len(line) && (line[j+1] == '"' || line[j+1] == '\\') {
						j++
					}
					b.WriteByte(line[j])
				}
				i = min(len(line), j+1)
			case '\\':
				if i+1 < len(line) {
					b.WriteByte(line[i+1])
				}
				i += 2
			default:
				b.WriteByte(c)
				i++
			}
		}
		w.text, w.end = b.String(), min(i, len(line))
		words = append(words, w)
	}
}

// shellQuote quotes s so that mcp.SplitWords reads it back as one word.
func shellQuote(s string) string {
	if s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:@%+,", r))
	}) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// toolInfo is a tool with its schema, parsed on first use.
type toolInfo struct {
	tool   mcp.Tool
	parsed bool
	schema *mcp.Schema
	err    error // the inputSchema could not be read
}

func (t *toolInfo) getSchema() (*mcp.Schema, error) {
	if !t.parsed {
		t.schema, t.err = mcp.ParseSchema(t.tool.InputSchema)
		t.parsed = true
	}
	return t.schema, t.err
}

// lineContext is what the text before the cursor is in the middle of.
type lineContext struct {
	words  []lineWord // complete words before the current one
	cur    lineWord   // the word being typed; empty at the start of a new word
	index  int        // the position of cur among the words
	method string     // the method, aliases resolved; "" while typing it
	tool   string     // the tool name of tools/call, once typed
	info   *toolInfo  // that tool, when it is known
}

// analyze reads the text before the cursor.
func analyze(before string, tools map[string]*toolInfo) lineContext {
	words := splitPartial(before)
	ctx := lineContext{cur: lineWord{start: len(before), end: len(before)}}
	if n := len(words); n > 0 && words[n-1].end == len(before) {
		ctx.cur, words = words[n-1], words[:n-1]
	}
	ctx.words, ctx.index = words, len(words)
	if len(words) > 0 {
		ctx.method = words[0].text
		if m, ok := methodAliases[ctx.method]; ok {
			ctx.method = m
		}
	}
	if ctx.method == "tools/call" && len(words) > 1 {
		ctx.tool = words[1].text
		ctx.info = tools[ctx.tool]
	}
	return ctx
}

// givenKeys are the argument keys of the complete words after the tool.
func (ctx lineContext) givenKeys() []string {
	var keys []string
	for _, w := range ctx.words[min(2, len(ctx.words)):] {
		if k, _, ok := strings.Cut(w.text, "="); ok {
			keys = append(keys, strings.TrimSuffix(k, ":"))
		}
	}
	return keys
}

// completion is what Tab may put in place of the current word.
type completion struct {
	start  int      // byte offset where the replaced word starts
	items  []string // the text inserted, quoted as needed
	labels []string // the same, sanitized for the hint line
}

func (c *completion) add(insert, label string) {
	if strings.ContainsFunc(insert, unicode.IsControl) {
		return // the input would drop the control characters: it could not send this name
	}
	c.items = append(c.items, insert)
	c.labels = append(c.labels, SanitizeLine(label))
}

// complete lists the candidates for the word under the cursor.
func complete(ctx lineContext, tools []mcp.Tool) completion {
	comp := completion{start: ctx.cur.start}
	prefix := ctx.cur.text
	switch {
	case ctx.index == 0:
		for _, m := range knownMethods {
			if strings.HasPrefix(m, prefix) {
				comp.add(m+" ", m)
			}
		}
	case ctx.method == "tools/list":
		for _, opt := range []string{"--all", "cursor="} {
			if strings.HasPrefix(opt, prefix) && !slices.ContainsFunc(ctx.words, func(w lineWord) bool { return strings.HasPrefix(w.text, opt) }) {
				comp.add(strings.Replace(opt+" ", "= ", "=", 1), opt)
			}
		}
	case ctx.method == "tools/call" && ctx.index == 1:
		for _, t := range tools {
			if strings.HasPrefix(t.Name, prefix) {
				comp.add(shellQuote(t.Name)+" ", t.Name)
			}
		}
	case ctx.method == "tools/call" && ctx.info != nil:
		schema, _ := ctx.info.getSchema()
		if key, value, ok := strings.Cut(prefix, "="); ok {
			if !strings.HasSuffix(key, ":") {
				completeValues(&comp, key, value, schema.Property(key))
			}
			break
		}
		given := ctx.givenKeys()
		for _, req := range []bool{true, false} {
			for _, p := range schemaProps(schema) {
				if p.Required == req && strings.HasPrefix(p.Name, prefix) && !slices.Contains(given, p.Name) {
					comp.add(shellQuote(p.Name)+"=", p.Name+"=")
				}
			}
		}
	}
	return comp
}

func schemaProps(s *mcp.Schema) []mcp.Property {
	if s == nil {
		return nil
	}
	return s.Properties
}

// completeValues offers the enum members (or true and false) of a key.
func completeValues(comp *completion, key, typed string, p *mcp.Property) {
	if p == nil || p.Schema == nil {
		return
	}
	var values []json.RawMessage
	values = append(values, p.Schema.Enum...)
	if len(values) == 0 && slices.Contains(p.Schema.Type, "boolean") {
		values = []json.RawMessage{json.RawMessage("true"), json.RawMessage("false")}
	}
	for _, v := range values {
		var s string
		if err := json.Unmarshal(v, &s); err == nil {
			if strings.HasPrefix(s, typed) {
				comp.add(shellQuote(key)+"="+shellQuote(s)+" ", s)
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
		comp.add(shellQuote(key)+sep+shellQuote(b.String())+" ", b.String())
	}
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

// hint says what the word under the cursor is: the argument's type, whether
// it is required, its enum values and description, or what may come next.
// Everything taken from the server is sanitized.
func (ctx lineContext) hint(tools []mcp.Tool, keys *KeyMap) string {
	prefix := ctx.cur.text
	switch {
	case ctx.index == 0:
		if prefix == "" {
			return keyHints(keys.Complete, keys.Submit, keys.HistoryPrev, keys.Cancel)
		}
		var ms []string
		for _, m := range knownMethods {
			if strings.HasPrefix(m, prefix) {
				ms = append(ms, m)
			}
		}
		if len(ms) == 0 {
			return "any JSON-RPC method, then key=value words or one {JSON} object of params"
		}
		return "methods: " + strings.Join(ms, "  ")
	case ctx.method == "tools/list":
		return "--all follows nextCursor through every page · cursor=X asks for one page"
	case ctx.method == "tools/call" && ctx.index == 1:
		return toolHint(prefix, tools, keys)
	case ctx.method == "tools/call":
		return ctx.argHint()
	}
	return "key=value words (key:=json for raw JSON) or one {JSON} object of params"
}

func toolHint(prefix string, tools []mcp.Tool, keys *KeyMap) string {
	if len(tools) == 0 {
		return "no tools known yet: send tools/list first (" + keys.ListTools.Help().Key + " outside the command line)"
	}
	var names []string
	for _, t := range tools {
		if t.Name == prefix {
			return describeTool(t)
		}
		if strings.HasPrefix(t.Name, prefix) {
			names = append(names, SanitizeLine(t.Name))
		}
	}
	if len(names) == 0 {
		return "no tool starts with " + SanitizeLine(prefix) + "; it is sent as typed"
	}
	return plural(len(names), "tool") + ": " + strings.Join(names, "  ")
}

func describeTool(t mcp.Tool) string {
	desc := oneLine(t.Description)
	if desc == "" {
		return SanitizeLine(t.Name)
	}
	return SanitizeLine(t.Name) + " — " + desc
}

func (ctx lineContext) argHint() string {
	if ctx.info == nil {
		return "unknown tool " + SanitizeLine(ctx.tool) + ": arguments are sent as strings (key:=json for other types)"
	}
	schema, err := ctx.info.getSchema()
	if err != nil {
		return "the tool's inputSchema is unreadable (" + SanitizeLine(err.Error()) + "): arguments are sent as strings"
	}
	prefix := ctx.cur.text
	if key, _, ok := strings.Cut(prefix, "="); ok {
		key = strings.TrimSuffix(key, ":")
		if p := schema.Property(key); p != nil {
			return propHint(p)
		}
		return unknownKeyHint(key, schema)
	}
	var matches []mcp.Property
	for _, p := range schema.Properties {
		if p.Name == prefix && prefix != "" {
			return propHint(&p)
		}
		if strings.HasPrefix(p.Name, prefix) && !slices.Contains(ctx.givenKeys(), p.Name) {
			matches = append(matches, p)
		}
	}
	switch {
	case len(schema.Properties) == 0:
		return describeTool(ctx.info.tool) + " · takes no arguments"
	case len(matches) == 1 && prefix != "":
		return propHint(&matches[0])
	case len(matches) == 0 && prefix == "":
		return "every key is given · " + describeTool(ctx.info.tool)
	case len(matches) == 0:
		return unknownKeyHint(prefix, schema)
	}
	parts := make([]string, 0, len(matches))
	for _, req := range []bool{true, false} {
		for _, p := range matches {
			if p.Required == req {
				parts = append(parts, argSummary(&p))
			}
		}
	}
	return strings.Join(parts, " · ")
}

// argSummary is "name* type" (* marks a required key).
func argSummary(p *mcp.Property) string {
	star := ""
	if p.Required {
		star = "*"
	}
	return SanitizeLine(p.Name) + star + " " + SanitizeLine(p.Schema.TypeString())
}

// propHint is "name: type, required — description".
func propHint(p *mcp.Property) string {
	need := "optional"
	if p.Required {
		need = "required"
	}
	h := SanitizeLine(p.Name) + ": " + SanitizeLine(p.Schema.TypeString()) + ", " + need
	if d := oneLine(p.Schema.Description); d != "" {
		h += " — " + d
	}
	return h
}

func unknownKeyHint(key string, schema *mcp.Schema) string {
	names := make([]string, len(schema.Properties))
	for i, p := range schema.Properties {
		names[i] = SanitizeLine(p.Name)
	}
	return SanitizeLine(key) + " is not in the tool's schema (keys: " + strings.Join(names, ", ") + "); it is sent anyway"
}

// oneLine collapses a multi-line description into one sanitized line.
func oneLine(s string) string { return SanitizeLine(strings.Join(strings.Fields(s), " ")) }

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
