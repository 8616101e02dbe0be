package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/themes"
)

// holdsHintRow reports whether the unfocused command line's second row
// says something (a replay's or a watch-only session's reason, a history
// error): a status message to be read whole wraps under it, not over it.
func (c *CommandLine) holdsHintRow() bool {
	return !c.input.Focused() && ansi.StringWidth(c.hintLine()) != 0
}

// SetReasonGone says whether the idle line's disabled reason has had its
// time, as a notice does: a replay's "sending is disabled" stood over the
// whole of it. Opened, the line says it again.
func (c *CommandLine) SetReasonGone(gone bool) {
	c.reasonGone = gone
	c.changed()
}

// hintLine is the second line: why sending is off, the last Enter's
// outcome, the completion candidates, or a hint for the word being typed.
func (c *CommandLine) hintLine() string {
	st := c.st
	switch {
	case c.disabled != "" && (c.input.Focused() || !c.reasonGone):
		return st.Warning.Render(sanitize.Line(c.disabled))
	case !c.input.Focused():
		if e := c.historyError(); e != "" {
			return st.Error.Render(e)
		}
		return ""
	case c.err != "":
		return st.Error.Render("✗ " + c.err)
	case len(c.warns) > 0:
		return warnHint(st, c.keys, "sends", c.warns, c.width)
	case c.cycle != nil:
		return c.candidates()
	}
	return st.Hint.Render(c.wholeParts(c.typedHint()))
}

// historyError is why the command history could not be read or saved,
// unstyled, or "".
func (c *CommandLine) historyError() string {
	switch {
	case c.hist.loadErr != nil:
		return sanitize.Line(c.hist.loadErr.Error())
	case c.saveErr != "":
		return c.saveErr
	}
	return ""
}

// typedHint is the hint for the word being typed, unstyled and uncut.
func (c *CommandLine) typedHint() string {
	value := c.input.Value()
	ctx := c.analyze(value[:byteOffset(value, c.input.Position())])
	h := c.wordHint(ctx)
	if c.fruitless {
		// Only after a Tab that found nothing: the nearest name is
		// measured against every tool, and this line is drawn each frame.
		if note := c.nothingToComplete(ctx); note != "" {
			h = note + " · " + dropKeyNamed(h, note, ctx.cur.Text)
		}
	}
	return h
}

// maxHintRows is how many rows a hint for the word being typed wraps to.
const maxHintRows = 2

// buildHintRows is the hint line as drawn: one row, or, when the hint for the
// word being typed is wider than the line, that hint wrapped between words
// over maxHintRows rows, the last cut as wholeParts cuts one. At 80
// columns a second Tab on `call big bytes=` showed "no values to offer for
// bytes: type one · integer (1..67108864), required — …", the description
// of the argument gone.
func (c *CommandLine) buildHintRows() []string {
	if c.candidatesShown() {
		// At 80 columns "trigger-long-running-operation
		// trigger-elicitation-request  +2" hid two names a second row
		// had room for.
		return drawCandidates(c.st, c.cycle, c.width, maxHintRows)
	}
	if !c.typingHint() {
		if rows := c.historyErrorRows(); rows != nil {
			return rows
		}
		return []string{c.hintLine()}
	}
	h := c.typedHint()
	if c.width <= 0 || ansi.StringWidth(h) <= c.width {
		return []string{c.st.Hint.Render(c.wholeParts(h))}
	}
	if ansi.StringWidth(h) <= maxHintRows*(c.width+1)-1 {
		// Rows joined by a space, as a list of names is laid out
		// (fitNames), may fill every cell of them: read whole.
		if rows := wrapWords(h, c.width); len(rows) <= maxHintRows {
			return c.styleHintRows(rows)
		}
	}
	// What is kept is chosen as for one line of the rows' cells, less
	// what the wrapping leaves blank at the ends of rows.
	room := maxHintRows * c.width
	rows := wrapWords(c.partsIn(h, room), c.width)
	for tries := 0; len(rows) > maxHintRows && tries < 4; tries++ {
		room -= ansi.StringWidth(strings.Join(rows[maxHintRows:], " ")) + 1
		rows = wrapWords(c.partsIn(h, max(room, c.width)), c.width)
	}
	if len(rows) > maxHintRows {
		rows = append(rows[:maxHintRows-1], cutAtWord(strings.Join(rows[maxHintRows-1:], " "), c.width))
	}
	return c.styleHintRows(rows)
}

// styleHintRows draws rows of a hint in the hint's style.
func (c *CommandLine) styleHintRows(rows []string) []string {
	for i, r := range rows {
		rows[i] = c.st.Hint.Render(r)
	}
	return rows
}

// historyErrorRows is the history's error, when the idle line shows it
// (hintLine) and it is wider than the line, wrapped between words over
// as many rows as the last Enter's refusal (outcome): cut to one row,
// "saving command history to /home/…/history: no space left on device"
// lost its why. nil otherwise.
func (c *CommandLine) historyErrorRows() []string {
	e := c.historyError()
	if c.input.Focused() || c.disabled != "" && !c.reasonGone || e == "" || c.width <= 0 || ansi.StringWidth(e) <= c.width {
		return nil
	}
	rows := wrapRows(e, c.width, maxCmdLineHeight-1)
	for i, r := range rows {
		rows[i] = c.st.Error.Render(r)
	}
	return rows
}

// candidatesShown reports whether the hint line lists Tab's candidates
// (hintLine): the line open, with no reason, refusal or warnings to show
// instead.
func (c *CommandLine) candidatesShown() bool {
	return c.input.Focused() && c.disabled == "" && c.err == "" && len(c.warns) == 0 && c.cycle != nil
}

// typingHint reports whether the hint line is typedHint's: the line open,
// with no refusal, warnings or candidates to show instead.
func (c *CommandLine) typingHint() bool {
	return c.input.Focused() && c.disabled == "" && c.err == "" && len(c.warns) == 0 && c.cycle == nil
}

// wholeParts is a hint of parts joined by " · " with no part cut to a few
// cells at the edge: "no prompts known yet: tab lists them, then offers
// names and arguments · prompts…" named a word of the usage, and a key's
// "tim…" read as a key of that name. A last part that would show only a
// few cells is left out, "…" in its place; a part that shows most of
// itself is cut after its last whole word (cutAtWord), as is a hint of one
// part; a first part wider than the line, or a description (a tool's or
// a prompt's) with what follows it wider than the line, is cut to leave
// its arguments whole.
func (c *CommandLine) wholeParts(h string) string { return c.partsIn(h, c.width) }

// partsIn is wholeParts at width cells.
func (c *CommandLine) partsIn(h string, width int) string {
	const sep, more, readable = " · ", " · …", 24
	parts := strings.Split(h, sep)
	wide := width > 0 && len(parts) > 1 && ansi.StringWidth(parts[0]) > width
	// A description first that fits, but with what follows it not: its
	// words are the ones to lose. At 160 columns the everything server's
	// "trigger-long-running-operation — … progress updates. · …" said
	// nothing of what the tool takes, and greet's whole description left
	// out its last argument. A note first ("no prompts known yet: tab
	// lists them…") is kept whole.
	crowds := width > 0 && len(parts) > 1 && strings.Contains(parts[0], described) && ansi.StringWidth(h) > width
	if wide || crowds {
		// The first part is the one cut, and what follows it is read
		// whole, as much of it as leaves the first part readable.
		rest := parts[1:]
		tail := func() string {
			t := sep + strings.Join(rest, sep)
			if len(rest) < len(parts)-1 {
				t += more
			}
			return t
		}
		for len(rest) > 0 && ansi.StringWidth(tail()) > width-readable {
			rest = rest[:len(rest)-1]
		}
		switch {
		case len(rest) > 0:
			room := width - ansi.StringWidth(tail())
			return cutAtWord(c.leadShed(parts[0], room), room) + tail()
		case wide:
			return cutAtWord(c.leadShed(h, width), width)
		}
	}
	for width > 0 && ansi.StringWidth(h) > width {
		i := strings.LastIndex(strings.TrimSuffix(h, more), sep)
		if i < 0 || width-ansi.StringWidth(h[:i]+sep) >= readable {
			break
		}
		h = h[:i] + more
	}
	if width > 0 {
		return cutAtWord(c.leadShed(h, width), width)
	}
	return h
}

// leadShed is a hint too wide for room cells without the lead in
// parentheses that comes first in a tool's description (its annotations,
// history.ToolLine) when that leaves less than a few words of what the
// tool does after it: the description wins the room. At 80 columns
// "trigger-elicitation-request — (non-destructive, … · takes no
// arguments" said nothing of it. A short lead ("(read-only)") stays, and
// so does one the server wrote: "(Deprecated) use X" is its own words.
func (c *CommandLine) leadShed(h string, room int) string {
	const fewWords = 16
	i := strings.Index(h, described+"(")
	if ansi.StringWidth(h) <= room || i < 0 {
		return h
	}
	from := i + len(described)
	j := strings.Index(h[from:], ") ")
	if j < 0 || strings.Contains(h[from:from+j], " · ") || ansi.StringWidth(h[:from+j+2])+fewWords <= room ||
		!c.addedLead(h[:i], h[from+1:from+j]) {
		return h
	}
	return h[:from] + h[from+j+2:]
}

// addedLead reports whether lead, said in parentheses after head, is the
// words mcpscope made of the annotations of the tool head ends with
// (describeTool), not the start of the server's own description.
func (c *CommandLine) addedLead(head, lead string) bool {
	for _, t := range c.tools {
		if words := t.Annotations.Words(); len(words) > 0 && strings.Join(words, ", ") == lead && strings.HasSuffix(head, toolName(t.Name)) {
			return true
		}
	}
	return false
}

// wordHint says what the word under the cursor is, or what to do first.
func (c *CommandLine) wordHint(ctx lineContext) string {
	if c.unconnected && len(c.tools) == 0 && ctx.method == "tools/call" {
		return notReady(notConnected, connectsFromLine(c.keys))
	}
	if c.listingTools && len(c.tools) == 0 && ctx.method == "tools/call" {
		return "listing the tools…: " + c.keys.Complete.Help().Key + " offers names and arguments once they come"
	}
	if c.uninitialized && len(c.tools) == 0 && ctx.method == "tools/call" {
		// The first thing to do is not the list the other hints name; in
		// 80 columns, keys and all.
		return notReady(notInitialized, c.keys.Cancel.Help().Key+", then "+c.keys.Initialize.Help().Key+
			" initializes it and "+c.keys.ListTools.Help().Key+" lists the tools for "+c.keys.Complete.Help().Key)
	}
	if h, ok := ctx.surfaceHint(c.surface, c.keys, c.askedNothing == askedWord{c.input.Value(), ctx.cur.Start}); ok {
		return h
	}
	return ctx.hint(c.tools, c.keys)
}

// dropKeyNamed is the hint h of the key=value word cur without the key's
// name when note, said before it, names the key already: "no values to
// offer for name: type one · name: string, required — …" cut the
// description at 80 columns for a name said twice.
func dropKeyNamed(h, note, cur string) string {
	key, _, ok := strings.Cut(cur, "=")
	name := sanitize.Line(strings.TrimSuffix(key, ":"))
	if !ok || name == "" || !strings.Contains(note, " for "+name) {
		return h
	}
	return strings.TrimPrefix(h, name+": ")
}

// nothingToComplete is what the hint says first after a Tab that found
// nothing on a key=value word: that its value is the user's to type. Other
// words' hints say why there is nothing already ("no tools known yet").
func (ctx lineContext) nothingToComplete() string {
	if ctx.index < ctx.firstKey() {
		// The method or the tool's name, = and all (tools/call name=Ann,
		// the tool left out): "no values to offer for name" read as if
		// it were a key.
		return ""
	}
	if _, err := ctx.promptName(); ctx.method == "prompts/get" && err != nil {
		// Enter's refusal: "no values to offer" for an argument of a
		// line that names no prompt read as if the line were right.
		return sanitize.Line(err.Error())
	}
	return noValuesToOffer(ctx.cur.Text, ctx.keysSchema())
}

// nothingToComplete is the note after a Tab that found nothing on the
// word of ctx: no values for a key, or, for a mistyped method or tool name,
// the one it is nearest (Enter says so too, but only once sent).
func (c *CommandLine) nothingToComplete(ctx lineContext) string {
	if note := ctx.nothingToComplete(); note != "" {
		return note
	}
	if ctx.cur.Text == "" {
		return ""
	}
	sug := ""
	switch {
	case ctx.index == 0:
		// The method Enter names, of whatever era: the nearest of the
		// session's era's words alone named another method ("tasks/lst"
		// → tasks/get over 2026-07-28, which has no tasks/list). Those
		// words are asked after only when it names none, for the
		// command line's own (roots).
		if sug = command.MeantMethod(ctx.cur.Text); sug == "" {
			sug = command.Nearest(ctx.cur.Text, ctx.methodWords())
		}
	case ctx.method == "tools/call" && ctx.index == 1:
		sug = c.nearestTool(ctx.cur.Text)
	}
	if sug == "" {
		return ""
	}
	return sanitize.Line(ctx.cur.Text) + ": did you mean " + sanitize.Line(sug) + "?"
}

// noValuesToOffer is the note after a Tab that found nothing on the
// key=value word cur whose keys schema types, on the command line and
// under a question's answer alike; "" when cur is no key=value.
func noValuesToOffer(cur string, schema *command.Schema) string {
	key, _, ok := strings.Cut(cur, "=")
	if !ok || strings.TrimSuffix(key, ":") == "" {
		// `=2`, `:=2`: no key to offer values for ("no values to offer
		// for : type one"); the hint says what Enter will of the word.
		return ""
	}
	name := sanitize.Line(strings.TrimSuffix(key, ":"))
	if s := valuesSchema(schema.PropertyTyped(key)); s.ChoicesLeftOut() > 0 {
		// The value may be among those the enum lists past the cut:
		// "no values" alone would say there are none.
		return fmt.Sprintf("no values to offer for %s among the first %d of its enum's %d: type one",
			name, len(s.Choices()), len(s.Choices())+s.ChoicesLeftOut())
	}
	return "no values to offer for " + name + ": type one"
}

// wholeKeys is keyHints of as many of bs, from the first, as fit the
// width: a replay's keys on 80 columns ended "enter open in deta…", and a
// key named by half its words is worse than one left to the help (?).
// The help key is named last and kept the longest: it is the way to every
// other key, and on 80 columns the status bar had dropped its own "? help"
// for the counts, leaving a newcomer no word of it.
func (c *CommandLine) wholeKeys(bs []key.Binding) string {
	with := func(n int) string { return keyHints(append(bs[:n:n], c.keys.Help)...) }
	n := len(bs)
	for n > 0 && c.width > 0 && ansi.StringWidth(with(n)) > c.width {
		n--
	}
	return with(n)
}

// fit cuts a drawn line to the width.
func (c *CommandLine) fit(s string) string {
	if c.width <= 0 {
		return s
	}
	return ansi.Truncate(s, c.width, "…")
}

// warningsText is what arguments or an answer were warned about, one
// sanitized phrase each, for a status or hint line.
func warningsText(ws []command.ArgWarning) string {
	return joinWarnings(ws, command.ArgWarning.String)
}

// briefWarnings is warnings as the short reminder after a line was sent
// anyway, sanitized.
func briefWarnings(ws []command.ArgWarning) string {
	return joinWarnings(ws, command.ArgWarning.Brief)
}

// maxWarningsSaid bounds the warnings one line names, the rest counted: a
// server's template of 50,000 variables, filled with two, warned of each
// one left out, and a hint of megabytes was worded and wrapped on every
// frame, seconds a key. No line shows more than a few.
const maxWarningsSaid = 8

// joinWarnings is each warning worded by say, sanitized, joined by "; ",
// the first maxWarningsSaid of them and how many more.
func joinWarnings(ws []command.ArgWarning, say func(command.ArgWarning) string) string {
	n := min(len(ws), maxWarningsSaid)
	parts := make([]string, n, n+1)
	for i, w := range ws[:n] {
		parts[i] = sanitize.Line(say(w))
	}
	if more := len(ws) - n; more > 0 {
		parts = append(parts, "and "+strconv.Itoa(more)+" more")
	}
	return strings.Join(parts, "; ")
}

// failText is a refusal ("✗ why") followed by the warnings the same line
// drew, so that all of it is fixed at once: the refusal whole first, then
// as many warnings as fit in rows rows of width with it, the rest
// counted ("and 2 more"; "also 3 warnings" when none fits).
func failText(why string, ws []command.ArgWarning, width, rows int) string {
	text := "✗ " + why
	if len(ws) == 0 {
		return text
	}
	for n := min(len(ws), maxWarningsSaid); n > 0; n-- {
		t := text + " · ⚠ also: " + warningsText(ws[:n])
		if more := len(ws) - n; more > 0 {
			t += "; and " + strconv.Itoa(more) + " more"
		}
		if width <= 0 || len(wrapWords(t, width)) <= rows {
			return t
		}
	}
	return text + " · ⚠ also " + plural(len(ws), "warning")
}

// warnHint is the line under an input whose Enter was held back by
// warnings, width columns wide: pressing it again does what verb says
// anyway.
func warnHint(st *themes.Styles, keys *KeyMap, verb string, ws []command.ArgWarning, width int) string {
	return st.Warning.Render(warnText(keys, verb, ws, width, 1))
}

// warnText is warnHint's text, unstyled, in rows rows of width (any
// length where width is 0): what was wrong, then what Enter again does
// ("⚠ days: 9 is above the maximum 7 · enter again sends anyway"). The
// action before the reason read as an order with no cause. The action
// is kept whole at the end: warnings that do not fit are counted ("and
// 2 more"), and a lone one too long is cut after a word.
func warnText(keys *KeyMap, verb string, ws []command.ArgWarning, width, rows int) string {
	act := " · " + keys.Submit.Help().Key + " again " + verb + " anyway"
	fits := func(t string) bool { return width <= 0 || len(wrapWords(t, width)) <= rows }
	for n := min(len(ws), maxWarningsSaid); n > 0; n-- {
		t := "⚠ " + warningsText(ws[:n])
		if more := len(ws) - n; more > 0 {
			t += "; and " + strconv.Itoa(more) + " more"
		}
		if t += act; fits(t) {
			return t
		}
	}
	said := warningsText(ws[:min(len(ws), 1)])
	for room := width*rows - ansi.StringWidth(act) - 2; room > 1; room-- {
		if t := "⚠ " + cutAtWord(said, room) + act; fits(t) {
			return t
		}
	}
	return "⚠" + act
}
