package ui

import (
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// hint says what the word under the cursor is: the argument's type, whether
// it is required, its enum values and description, or what may come next.
// Everything taken from the server is sanitized.
func (ctx lineContext) hint(tools []mcp.Tool, keys *KeyMap) string {
	prefix := ctx.cur.Text
	switch {
	case ctx.index == 0:
		if prefix == "" {
			return keyHints(keys.Complete, keys.Submit, keys.HistoryPrev, keys.Cancel)
		}
		ms, undeclared := ctx.methodsOffered(prefix)
		if len(ms)+len(undeclared) == 0 {
			return "any JSON-RPC method, then key=value words or one {JSON} object of params"
		}
		return methodHint(ms, undeclared, ctx.room)
	case ctx.pathCompletion():
		return "the directories to offer (" + keyHints(keys.Complete) + "; ~/ is your home)"
	case ctx.method == "roots":
		return rootsHint
	case command.IsList(ctx.method):
		return `--all follows nextCursor through every page · cursor=X asks for one page (cursor="" the empty cursor's)`
	case ctx.method == "tools/call":
		return ctx.callHint(tools, keys)
	case command.ParamsSchema(ctx.method) != nil:
		if h := ctx.paramsHint(command.ParamsSchema(ctx.method)); h != "" {
			return h
		}
	}
	if u := ctx.usage(); u != "" {
		// What this command takes, in the words of the usage text: a
		// prompt's name, a URI or template, a level, a reference.
		return u
	}
	return "key=value words (key:=json for raw JSON) or one {JSON} object of params"
}

// methodHint names the methods offered for a half-typed method, then
// those the server did not declare, in room cells (0: no limit). When the
// names do not all fit, the undeclared shrink to a count and the offered
// to as many as fit: on 80 columns the "not declared by the server" part
// was cut off the row, and nothing said some were.
func methodHint(ms, undeclared []string, room int) string {
	const head, apart = "methods: ", "not declared by the server: "
	if len(undeclared) == 0 {
		return head + strings.Join(ms, "  ")
	}
	if len(ms) == 0 {
		return fitNames(apart, undeclared, len(undeclared), room, 1)
	}
	fits := func(s string) bool { return room <= 0 || ansi.StringWidth(s) <= room }
	named := " · " + apart + strings.Join(undeclared, "  ")
	if whole := head + strings.Join(ms, "  ") + named; fits(whole) {
		return whole
	}
	offered := func(tail string) string {
		return fitNames(head, ms, len(ms), max(room-ansi.StringWidth(tail), 1), 1) + tail
	}
	if h := offered(named); fits(h) {
		return h
	}
	return offered(" · +" + strconv.Itoa(len(undeclared)) + " not declared")
}

// toolHint names the tools whose names start with prefix, over rows rows
// of room cells, or describes the one named so.
func toolHint(prefix string, tools []mcp.Tool, keys *KeyMap, room, rows int) string {
	if len(tools) == 0 {
		// Tab lists them (listingFor), as it lists prompts and resources.
		return "no tools known yet: " + keys.Complete.Help().Key + " lists them, then offers names and arguments"
	}
	// A line never shows more than this many names; counting the rest
	// keeps a gateway with a thousand tools cheap to draw.
	const shown = 40
	var names []string
	n, same, first := 0, 0, -1
	for i, t := range tools {
		if t.Name == prefix && prefix != "" {
			// Counted on: a server may list two tools under one name.
			if same++; first < 0 {
				first = i
			}
		}
		if strings.HasPrefix(t.Name, prefix) {
			if n++; n <= shown {
				names = append(names, toolName(t.Name))
			}
		}
	}
	if first >= 0 {
		return describeTool(tools[first], mcp.NameProblem(prefix, same))
	}
	if n == 0 {
		return "no tool starts with " + sanitize.Line(prefix) + "; it is sent as typed"
	}
	return fitNames(plural(n, "tool")+": ", names, n, room, rows)
}

// fitNames is head and as many whole names as fit in rows rows of room
// cells (0: no limit), two spaces apart, and "+N" for the n less those
// shown: the way Tab's list says how many more there are (drawCandidates),
// where this row ended "greet  …" and left the count to guess. The rows
// are joined by a space, where wrapping the hint at room breaks it again.
func fitNames(head string, names []string, n, room, rows int) string {
	ends := nameRows(func(i int) int { return ansi.StringWidth(names[i]) }, 0, len(names), n, ansi.StringWidth(head), room, rows)
	return strings.Join(drawNameRows(ends, 0, n, head, func(i int) string { return names[i] }, "  ",
		func(k int) string { return "+" + strconv.Itoa(k) }), " ")
}

// toolName is a tool's name in a hint, alone or in a list of names: an
// empty one is shown as "" rather than as a gap.
func toolName(name string) string {
	if name == "" {
		return `""`
	}
	return hintWord(mcp.NameListed(name))
}

// described joins a name to its description in a hint: a first part
// holding it is the one wholeParts cuts, to keep what follows it whole.
const described = " — "

// describeTool is one tool's hint: its name and description, marked with
// named (mcp.NameProblem) when a call by that name cannot be sure to reach
// it, and with why it is not callable when it is not.
func describeTool(t mcp.Tool, named string) string {
	desc := oneLine(history.ToolLine(t, oneLine(t.Description)))
	if named != "" {
		desc = strings.TrimSuffix("⚠ "+oneLine(named)+" · "+desc, " · ")
	}
	if t.Invalid != "" {
		// Shown, since the server sent it, but a 2026 call refuses it.
		desc = strings.TrimSuffix("⚠ not callable: "+oneLine(t.Invalid)+" · "+desc, " · ")
	}
	name := toolName(t.Name)
	if desc == "" {
		return name
	}
	return name + described + desc
}

func (ctx lineContext) argHint() string {
	if ctx.info == nil {
		return "unknown tool " + sanitize.Line(ctx.tool) + ": arguments are sent as strings (key:=json for other types)"
	}
	schema, err := ctx.info.getSchema()
	if err != nil {
		return sanitize.Line(command.UnreadableSchema("the tool's inputSchema", err))
	}
	prefix := ctx.cur.Text
	if key, _, ok := strings.Cut(prefix, "="); ok {
		key = strings.TrimSuffix(key, ":")
		if key == "" {
			// `name =2`, `times :=2`: no key of its own, so Enter
			// refuses it, most likely with the key before it (no
			// spaces around =): say that, not that "" is no key.
			return ctx.bareWordHint(schema)
		}
		if p := schema.PropertyTyped(key); p != nil {
			return ctx.keyHint(p)
		}
		return unknownKeyHint(key, schema)
	}
	if bare := ctx.bareWord(); bare != "" && prefix == "" {
		// A space after a value typed without its key starts a new word,
		// but Enter still refuses that value: the hint keeps saying so
		// rather than list the keys as if the line were fine.
		return ctx.bareWordHint(schema)
	}
	given := ctx.givenKeys()
	var matches []command.Property
	for _, p := range schema.Properties {
		if p.Name == prefix && prefix != "" {
			return ctx.keyHint(&p)
		}
		if strings.HasPrefix(p.Name, prefix) && !slices.Contains(given, p.Name) {
			matches = append(matches, p)
		}
	}
	switch {
	case len(schema.Properties) == 0:
		return describeTool(ctx.info.tool, ctx.info.named) + " · takes no arguments"
	case len(matches) == 1 && prefix != "":
		return ctx.keyHint(&matches[0])
	case len(matches) == 0 && prefix == "":
		return "every key is given · " + describeTool(ctx.info.tool, ctx.info.named)
	case len(matches) == 0:
		return ctx.bareWordHint(schema)
	}
	var parts []string
	if schema.Truncated != "" {
		parts = append(parts, "schema read in part")
	}
	if prefix == "" && len(given) == 0 {
		parts = append(parts, describeTool(ctx.info.tool, ctx.info.named))
	}
	// One line shows a few hundred columns: stop there, however many keys.
	used := 0
	for _, req := range []bool{true, false} {
		for _, p := range matches {
			if p.Required == req && used < 500 {
				parts = append(parts, argSummary(&p))
				used += len(parts[len(parts)-1])
			}
		}
	}
	return strings.Join(parts, " · ")
}

// paramsHint is what a method whose params are typed (ParamsSchema) takes:
// the key being typed, described, or the keys not given yet; "" when
// every key is given.
func (ctx lineContext) paramsHint(schema *command.Schema) string {
	prefix := ctx.cur.Text
	if key, _, ok := strings.Cut(prefix, "="); ok {
		if p := schema.Property(strings.TrimSuffix(key, ":")); p != nil {
			return ctx.keyHint(p)
		}
		return ""
	}
	given := ctx.givenKeys()
	if prefix == "" && len(given) == 0 && usageLine(ctx.method) != "" {
		return "" // the usage says more: what the method is for, its era
	}
	var parts []string
	for _, p := range keysLeft(schema, prefix, given) {
		parts = append(parts, argSummary(&p))
	}
	return strings.Join(parts, " · ")
}

// argSummary is "name* type" (* marks a required key).
func argSummary(p *command.Property) string {
	star := ""
	if p.Required {
		star = "*"
	}
	return hintWord(command.KeyWord(p.Name)) + star + " " + hintWord(p.Schema.TypeString())
}

// keyHint is propHint for the hint row: one too wide for it leaves out
// "optional", which a key not marked required is anyway. At 80 columns
// the word cost the end of a description, where an example of the value
// usually is ("e.g. {"after":"2024-01-01","limi…").
func (ctx lineContext) keyHint(p *command.Property) string {
	h := propHint(p)
	if ctx.room > 0 && !p.Required && ansi.StringWidth(h) > ctx.room {
		h = propHintNeed(p, "")
	}
	return h
}

// propHint is "name: type, required, default D — description".
func propHint(p *command.Property) string {
	need := "optional"
	if p.Required {
		need = "required"
	}
	return propHintNeed(p, need)
}

// propHintNeed is propHint saying need ("required", "optional", or
// nothing when need is "").
func propHintNeed(p *command.Property, need string) string {
	h := hintWord(command.KeyWord(p.Name)) + ": " + hintWord(p.Schema.TypeString())
	if need != "" {
		h += ", " + need
	}
	if d := p.Schema.DefaultString(); d != "" {
		h += ", default " + hintWord(d)
	}
	if d := oneLine(p.Schema.Description); d != "" {
		h += described + typedExamples(p, d)
	}
	return h
}

// bareWordHint is the hint on a line with a word with no = that starts no
// key: Enter refuses it, so the hint says what Enter will, in its words
// (the key it was likely meant for: did you mean name=Ann?; the quotes
// of a value with spaces: did you mean message='Bob Ann'?) rather than
// that it is sent anyway.
func (ctx lineContext) bareWordHint(schema *command.Schema) string {
	var words []string
	for _, w := range ctx.words[min(ctx.firstKey(), len(ctx.words)):] {
		words = append(words, w.Text)
	}
	if ctx.cur.Text != "" {
		words = append(words, ctx.cur.Text)
	}
	if err := command.WordsRefusal(words, schema); err != nil {
		return sanitize.Line(err.Error())
	}
	return ""
}

// objectArguments reports a tools/call line whose arguments start as one
// JSON object: its first argument word starts with "{".
func (ctx lineContext) objectArguments() bool {
	first := ctx.cur
	if len(ctx.words) > 2 {
		first = ctx.words[2]
	}
	return ctx.index >= 2 && strings.HasPrefix(first.Text, "{")
}

// callHint is hint on a tools/call line. The line's arguments are read
// once each here (arrayArguments parses them all), not once for the test
// and again for the words, on every key typed.
func (ctx lineContext) callHint(tools []mcp.Tool, keys *KeyMap) string {
	if ctx.index == 1 {
		if err := command.ToolNameProblem(ctx.cur.Text, ctx.curQuoted); err != nil {
			// Enter refuses the line (command.ParseCommand): say so
			// now, not that the word is sent as typed.
			return sanitize.Line(err.Error())
		}
		return toolHint(ctx.cur.Text, tools, keys, ctx.room, ctx.rows)
	}
	if ctx.objectArguments() {
		// Enter sends the object as the arguments (command.CallArgs), so
		// the words inside it are no bare values to be told their keys.
		return "the arguments as one JSON object, sent as typed (Enter warns of what the schema would not take)"
	}
	if err := ctx.arrayArguments(); err != nil {
		// Enter refuses them whatever the schema: say so now.
		return sanitize.Line(err.Error())
	}
	if ctx.info == nil && ctx.cur.Text == "" {
		// No schema says which key a value was meant for, but Enter
		// refuses it all the same: say so, not that it goes as a string.
		if bare := ctx.bareWord(); bare != "" {
			return ctx.bareWordHint(nil)
		}
	}
	if ctx.info == nil && len(tools) == 0 {
		// Not an unknown tool: no tool is known yet. Short enough to be
		// read whole at 80 columns, what to do included.
		return "no tools known yet: values go as strings (key:=json for JSON) · " + keys.Complete.Help().Key + " lists them"
	}
	return ctx.argHint()
}

// arrayArguments is Enter's refusal of a tools/call line whose arguments
// are one JSON array (command.ArgumentsArray), nil when they are not.
func (ctx lineContext) arrayArguments() error {
	if ctx.index < 2 {
		return nil
	}
	var words []string
	for _, w := range ctx.words[2:] {
		words = append(words, w.Text)
	}
	if ctx.cur.Text != "" {
		words = append(words, ctx.cur.Text)
	}
	return command.ArgumentsArray(ctx.tool, strings.Join(words, " "), words)
}

// bareWord is the first complete argument word with no = in it, which
// Enter refuses (command.WordsRefusal); "" when there is none.
func (ctx lineContext) bareWord() string {
	for _, w := range ctx.words[min(2, len(ctx.words)):] {
		if !strings.Contains(w.Text, "=") {
			return w.Text
		}
	}
	return ""
}

func unknownKeyHint(key string, schema *command.Schema) string {
	names := make([]string, len(schema.Properties))
	for i, p := range schema.Properties {
		names[i] = hintWord(command.KeyWord(p.Name))
	}
	meant := ""
	if m := schema.MeantKey(key); m != "" {
		meant = ": did you mean " + hintWord(command.KeyWord(m)) + "?"
	}
	return hintWord(key) + " is not in the tool's schema" + meant + " (keys: " + strings.Join(names, ", ") + "); it is sent anyway"
}

// oneLine collapses a multi-line description into one sanitized line,
// for a hint, as hintWord. Fields already made any no-break space of the
// server's a plain one.
func oneLine(s string) string {
	return hintWord(strings.Join(strings.Fields(s), " "))
}

// hintWord is a server's text in a hint (a tool's or a key's name, a
// type, a description), sanitized to one line, with a " · " of its own
// kept with no-break spaces, which look the same but are not the
// separator wholeParts cuts a hint at: the hint's parts are then only
// those its builder joined, whatever the server named. "Adds two numbers
// · fast" was read as a description and a part, and a key "mode · fast"
// cut at its own · read as a key "mode".
func hintWord(s string) string {
	return strings.ReplaceAll(sanitize.Line(s), " · ", "\u00a0·\u00a0")
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// candidates lists the completion candidates of the Tab cycle.
func (c *CommandLine) candidates() string { return drawCandidates(c.st, c.cycle, c.width, 1)[0] }

// keyHints is "tab complete · enter send" from the bindings' help, so a
// remapped key shows as it is.
func keyHints(bs ...key.Binding) string {
	parts := make([]string, 0, len(bs))
	for _, b := range bs {
		if h := b.Help(); h.Key != "" {
			parts = append(parts, h.Key+" "+h.Desc)
		}
	}
	return strings.Join(parts, " · ")
}

// errorHead drops the usage text that parse errors carry after the first
// line; the hint line has room for one.
func errorHead(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return sanitize.Line(first)
}

// dropInvisible removes bidi and invisible format characters from the drawn
// input: the textinput drops control characters itself, but a tool name or
// enum value inserted by completion comes from the server.
func dropInvisible(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 0x80 && sanitize.Invisible(r) {
			return -1
		}
		return r
	}, s)
}
