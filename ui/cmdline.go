package ui

import (
	"encoding/json"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/themes"
)

// SubmitMsg asks the root to send a command typed on the command line.
type SubmitMsg struct {
	Command command.Command
	// Line is the command line as typed, trimmed.
	Line string
	// Forced is set when the line was sent despite warnings about its
	// arguments (a second Enter after they were shown).
	Forced bool
}

// CancelMsg says the user left the command line without sending.
type CancelMsg struct{}

// CommandLine is the one-line prompt where `initialize`, `tools/list` and
// `tools/call NAME key=value ...` are typed, with completion from the
// tools' input schemas, argument hints and a history kept across runs.
// It draws two lines: the input and a hint line below it.
type CommandLine struct {
	st    *themes.Styles
	keys  *KeyMap
	input textinput.Model
	width int
	// submits counts the lines handed to the root as a SubmitMsg: one
	// on its way is a send to come (Model.typedSeen).
	submits int

	tools []mcp.Tool
	info  map[string]*toolInfo
	roots []mcp.Root // offered now, for completing roots rm
	// surface is what the server listed last besides tools: prompts,
	// resources and templates, for completing their names and URIs.
	surface history.Surface
	// uninitialized: the session waits for initialize (see SetUninitialized).
	uninitialized bool
	// unconnected: no transport is open (see SetUnconnected).
	unconnected bool
	// needsInit: only initialize can go (see SetNeedsInitialize).
	needsInit bool
	// listingTools: a tools/list is on its way (see SetListingTools).
	listingTools bool
	// askedNothing is the word the server answered no values for
	// (servercomplete.go): Tab on it again asks no more, and the hint
	// says so instead of that Tab asks.
	askedNothing askedWord
	// transport is the session's, and methods the method words of its era
	// (see SetTransport), worked out when it changes, not on every frame.
	transport string
	methods   []string
	// caps are the capabilities the server declared (see
	// SetCapabilities), and undeclared the methods among methods that
	// need one it left out, offered after the others.
	caps       json.RawMessage
	undeclared map[string]bool

	hist       *cmdHistory
	opened     string // what the line was opened with ("tools/call " for c): esc keeps it out of the history
	saveErr    string // why the history could not be written
	disabled   string // why sending is off; "" when it is on
	reasonGone bool   // the idle line's disabled reason has had its time (SetReasonGone)
	// paneKeys are the focused pane's keys, named after the command
	// line's own while it is idle (see SetPaneKeys).
	paneKeys []key.Binding

	lineOutcome
	hint hintCache
}

// lineOutcome is what the last Enter or Tab on a line did, shown under it
// until the line changes: the command line's and the ask prompt's alike.
type lineOutcome struct {
	err        string
	warns      []command.ArgWarning
	warnedLine string // the line the warnings are about; Enter on it again goes ahead
	cycle      *cycleState
	// fruitless: the last Tab found nothing to put in and asked for
	// nothing; the hint says so, or the Tab would look ignored.
	fruitless bool
}

func (o *lineOutcome) clearOutcome() { *o = lineOutcome{} }

// fail shows why the line cannot go, with the warnings the same line drew
// (nil when it drew none): said together, every fix is asked for at once,
// where the warnings came only once the error was fixed.
func (o *lineOutcome) fail(why string, warns []command.ArgWarning) {
	o.err, o.warns, o.warnedLine = why, warns, "" // the candidates listed stay to Tab on
}

// holdBack reports whether warnings hold line back: the first Enter on a
// line shows them, and an Enter on the same line again goes ahead, because
// a debugger must be able to send what the user typed on purpose.
func (o *lineOutcome) holdBack(line string, warns []command.ArgWarning) bool {
	if len(warns) == 0 || o.warnedLine == line {
		return false
	}
	o.err, o.warns, o.warnedLine = "", warns, line
	return true
}

// NewCommandLine returns a blurred command line. historyPath is the file
// that keeps the history across runs; "" keeps it in memory only.
func NewCommandLine(st *themes.Styles, keys *KeyMap, historyPath string) *CommandLine {
	in := textinput.New()
	in.Prompt = "› "
	// The keys (tab, ↑) are said on the hint row under it, once.
	in.Placeholder = "method [key=value …]"
	// Tab and the arrows belong to completion and history here.
	in.KeyMap.AcceptSuggestion = key.NewBinding(key.WithDisabled())
	in.KeyMap.NextSuggestion = key.NewBinding(key.WithDisabled())
	in.KeyMap.PrevSuggestion = key.NewBinding(key.WithDisabled())
	styleInput(&in, st.TextInput)
	return &CommandLine{st: st, keys: keys, input: in, info: map[string]*toolInfo{}, hist: loadHistory(historyPath)}
}

// Focus gives the command line the keyboard with prefill typed in.
func (c *CommandLine) Focus(prefill string) tea.Cmd {
	c.input.SetValue(prefill)
	c.opened = prefill
	c.input.CursorEnd()
	c.clearOutcome()
	c.saveErr = "" // it was shown while the line was closed
	c.hist.reset()
	c.changed()
	return c.input.Focus()
}

// Blur takes the keyboard away.
func (c *CommandLine) Blur() {
	c.input.Blur()
	c.changed()
}

// Focused reports whether the command line has the keyboard.
func (c *CommandLine) Focused() bool { return c.input.Focused() }

// SetTools replaces the tools that completion and hints use; the root calls
// it whenever the tool list changes (tools/list_changed included).
func (c *CommandLine) SetTools(tools []mcp.Tool) {
	c.tools = tools
	c.info = make(map[string]*toolInfo, len(tools))
	named := mcp.NameProblems(tools)
	for i, t := range tools {
		if c.info[t.Name] != nil {
			continue // the first of a name, as mcp.FindTool finds it
		}
		c.info[t.Name] = &toolInfo{tool: t}
		if named != nil {
			c.info[t.Name].named = named[i]
		}
	}
	c.cycle = nil
	c.changed()
}

// analyze reads the text before the cursor as analyze does, for the
// session's era.
func (c *CommandLine) analyze(before string) lineContext {
	ctx := analyze(before, c.info)
	ctx.methods = c.methods // nil before SetTransport: every era's
	ctx.undeclared = c.undeclared
	ctx.room, ctx.rows = c.width, maxHintRows
	return ctx
}

// SetPaneKeys sets the keys of the pane that has focus, which the idle
// command line names after its own: what enter, / and esc do where the
// user is was only in the help.
func (c *CommandLine) SetPaneKeys(bs ...key.Binding) { c.paneKeys = bs }

// SetSize sets the width both lines are drawn at.
func (c *CommandLine) SetSize(width int) {
	c.width = width
	c.input.Width = max(1, width-ansi.StringWidth(c.input.Prompt)-1)
}

// Height is the number of lines View draws: the input and one hint row,
// or as many rows as the last Enter's refusal or warnings, a long hint
// for the word being typed, or the history's error wrap to.
func (c *CommandLine) Height() int {
	rows, _ := c.outcome()
	if len(rows) == 0 {
		// One row but for a long hint, candidates or history error.
		return 1 + len(c.hintRows())
	}
	return 1 + max(1, len(rows))
}

// Update handles keys while focused and the Cmd results it started.
func (c *CommandLine) Update(msg tea.Msg) (*CommandLine, tea.Cmd) {
	switch msg := msg.(type) {
	case historySaveErrMsg:
		c.saveErr = sanitize.Line(msg.err.Error())
		c.changed()
		return c, nil
	case tea.KeyMsg:
		if !c.input.Focused() {
			return c, nil
		}
		// A key may end a Tab's cycle, an Enter's refusal or warnings:
		// more than the line and cursor the hint is also kept by.
		c.changed()
		return c, c.key(msg)
	}
	var cmd tea.Cmd
	c.input, cmd = c.input.Update(msg)
	return c, cmd
}

// keepTyped adds the line typed to the history, unless it is only what the
// line was opened with (c's "tools/call ") or an entry ↑ shows unchanged,
// and returns the Cmd that saves it, or nil. Trailing blanks (Tab's, after
// a completed word) are not kept: a line kept at esc, brought back with ↑
// and left again at quit was kept twice, once per blank.
func (c *CommandLine) keepTyped() tea.Cmd {
	if line := strings.TrimRight(c.input.Value(), " "); c.input.Focused() && strings.TrimSpace(line) != strings.TrimSpace(c.opened) && !c.hist.showing(line) {
		return c.hist.add(line)
	}
	return nil
}

func (c *CommandLine) key(msg tea.KeyMsg) tea.Cmd {
	k := c.keys
	switch {
	case key.Matches(msg, k.Cancel):
		// A line typed and left with esc (pressed to close the candidates,
		// or by habit) is kept in the history, as vim keeps an abandoned
		// command line: ↑ brings it back instead of it being lost.
		save := c.keepTyped()
		c.input.Reset()
		c.clearOutcome()
		c.input.Blur()
		return tea.Batch(save, func() tea.Msg { return CancelMsg{} })
	case c.disabled != "":
		return nil // the hint line says why
	case key.Matches(msg, k.Submit):
		return c.submit()
	case key.Matches(msg, k.Complete):
		return c.complete()
	case key.Matches(msg, k.CompleteBack):
		c.tabBackOn(&c.input)
		return nil
	case key.Matches(msg, k.HistoryPrev):
		if line, ok := c.hist.prev(c.input.Value()); ok {
			c.setLine(line)
		}
		return nil
	case key.Matches(msg, k.HistoryNext):
		if line, ok := c.hist.next(); ok {
			c.setLine(line)
		}
		return nil
	}
	before := c.input.Value()
	var cmd tea.Cmd
	c.input, cmd = c.input.Update(msg)
	if c.input.Value() != before {
		c.clearOutcome()
		c.hist.reset()
	}
	return cmd
}

// setLine shows a history entry, keeping the walk going.
func (c *CommandLine) setLine(line string) {
	c.input.SetValue(line)
	c.input.CursorEnd()
	c.clearOutcome()
}

// submit checks the line and sends it, or shows why not. Warnings hold the
// line back once; Enter on the same line again sends it (Forced), because a
// debugger must be able to send what the user typed on purpose.
func (c *CommandLine) submit() tea.Cmd {
	c.changed() // the root sends held calls through it too
	line := strings.TrimSpace(c.input.Value())
	if line == "" {
		return nil
	}
	if rc, ok, err := parseRootsLine(line); ok {
		if err != nil {
			c.fail(sanitize.Line(err.Error()), nil)
			return nil
		}
		return c.sent(line, func() tea.Msg { return rc })
	}
	cmd, err := command.ParseCommand(line)
	if err != nil {
		c.fail(errorHead(err.Error()), nil)
		return nil
	}
	warns, err := c.check(cmd)
	if err != nil {
		c.fail("cannot send: "+sanitize.Line(strings.ReplaceAll(err.Error(), "\n", "; ")), warns)
		return nil
	}
	if c.holdBack(line, warns) {
		return nil
	}
	forced := len(warns) > 0
	c.submits++
	return c.sent(line, func() tea.Msg { return SubmitMsg{Command: cmd, Line: line, Forced: forced} })
}

// sent keeps line in the history, empties and closes the command line, and
// hands submit to the root.
func (c *CommandLine) sent(line string, submit tea.Cmd) tea.Cmd {
	save := c.hist.add(line)
	c.input.Reset()
	c.clearOutcome()
	// Blur now, not when the root sees the message: keys typed in between
	// are global keys, and would otherwise vanish into a hidden input.
	c.Blur()
	return tea.Batch(submit, save)
}

// complete runs one Tab on the command line (see tabComplete). A Tab on a
// prompt argument's or template variable's value that has nothing to offer
// from what was listed returns the message that asks the server; one on
// the directory of roots add lists it (see listDirs).
func (c *CommandLine) complete() tea.Cmd { return c.completeWith(true) }

// completeWith is complete, listing what the word needs when nothing of
// it was listed only if list: the Tab run again once listings came back
// does not list again.
func (c *CommandLine) completeWith(list bool) tea.Cmd {
	c.changed() // the root runs it again once listings came back
	value := c.input.Value()
	c.tabbed(value)
	c.cycle = tabComplete(&c.input, c.cycle, func(before string) completion {
		return complete(c.analyze(before), c.tools, c.roots, c.surface)
	})
	if c.cycle != nil || c.input.Value() != value {
		return nil
	}
	ctx := c.analyze(value[:byteOffset(value, c.input.Position())])
	if ctx.pathCompletion() {
		return listDirs(value, ctx)
	}
	if listing, ok := ctx.listingFor(c); ok && list {
		listing.line = value
		return func() tea.Msg { return listing }
	}
	ask, ok := ctx.serverCompletion(value)
	if !ok {
		c.fruitless = true
		return nil
	}
	return func() tea.Msg { return ask }
}

// byteOffset converts the input's cursor (in runes) to a byte offset.
func byteOffset(s string, runes int) int {
	for i := range s {
		if runes == 0 {
			return i
		}
		runes--
	}
	return len(s)
}

// View draws exactly Height lines: the input and the hint line.
func (c *CommandLine) View() string {
	var top string
	switch {
	case c.input.Focused():
		top = dropInvisible(c.input.View())
	case c.disabled == "" && c.unconnected:
		top = c.st.Hint.Render(c.wholeKeys(append([]key.Binding{c.keys.Reconnect, c.keys.Command}, c.paneKeys...)))
	case c.disabled == "" && c.needsInit:
		top = c.st.Hint.Render(c.wholeKeys(append([]key.Binding{c.keys.Initialize, c.keys.Command}, c.paneKeys...)))
	case c.disabled == "":
		top = c.st.Hint.Render(c.wholeKeys(append([]key.Binding{c.keys.Command, c.keys.Call}, c.paneKeys...)))
	default:
		top = c.st.Hint.Render(c.wholeKeys(c.paneKeys))
	}
	if rows, style := c.outcome(); len(rows) > 0 {
		for i, r := range rows {
			rows[i] = style.Render(c.fit(r))
		}
		return c.fit(top) + "\n" + strings.Join(rows, "\n")
	}
	hint := c.hintRows()
	rows := make([]string, len(hint))
	for i, r := range hint {
		rows[i] = c.fit(r)
	}
	return c.fit(top) + "\n" + strings.Join(rows, "\n")
}

// outcome is the last Enter's refusal or warnings wrapped between words
// to the width, at most maxCmdLineHeight-1 rows (the last cut with … when
// drawn), and the style View draws them in; nil when there is none. What
// to do comes at the end of these messages ("to send it as typed:
// value:=abc"), and one row cut it off on an 80-column terminal. Height
// asks for every message Update handles, so nothing is styled here.
func (c *CommandLine) outcome() ([]string, lipgloss.Style) {
	if !c.input.Focused() || c.disabled != "" {
		return nil, lipgloss.Style{}
	}
	return c.outcomeRows(c.st, c.keys, "sends", c.width)
}

// outcomeRows is the refusal or warnings of the last Enter wrapped between
// words to width, at most maxCmdLineHeight-1 rows (the last cut with …
// when drawn), and the style to draw them in; nil when there is none.
// verb is what Enter again does anyway ("sends", "answers").
func (o *lineOutcome) outcomeRows(st *themes.Styles, keys *KeyMap, verb string, width int) ([]string, lipgloss.Style) {
	var text string
	style := st.Error
	switch {
	case width <= 0:
		return nil, lipgloss.Style{}
	case o.err != "":
		text = failText(o.err, o.warns, width, maxCmdLineHeight-1)
	case len(o.warns) > 0:
		text, style = warnText(keys, verb, o.warns, width, maxCmdLineHeight-1), st.Warning
	default:
		return nil, lipgloss.Style{}
	}
	return wrapRows(text, width, maxCmdLineHeight-1), style
}
