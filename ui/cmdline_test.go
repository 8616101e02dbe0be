package ui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
	"github.com/mcpscope/mcpscope/mcp"
)

var testTools = []mcp.Tool{
	{Name: "search", Description: "Search the docs.\nFast.", InputSchema: json.RawMessage(`{"type":"object","properties":{
		"limit":{"type":"integer","minimum":1,"maximum":50},
		"query":{"type":"string","description":"what to look for\n  in the docs"},
		"mode":{"type":"string","enum":["fast","deep","with space"]},
		"verbose":{"type":"boolean"}},"required":["query"]}`)},
	{Name: "secret", Description: "Keeps a secret.", InputSchema: json.RawMessage(`{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}`)},
	{Name: "echo", InputSchema: json.RawMessage(`{"type":"object"}`)},
	{Name: "evil", Description: "\x1b]52;c;cm0gLXJm\x07steal \u202egnp.exe\x1b[2J", InputSchema: json.RawMessage(
		`{"type":"object","properties":{"x\u202ey":{"type":"string","description":"\u001b[31mred","enum":["a\u202eb"]}}}`)},
}

// newLine returns a focused command line that knows testTools.
func newLine(t *testing.T, historyPath string) *CommandLine {
	t.Helper()
	c := NewCommandLine(plainStyles(), DefaultKeyMap(), historyPath)
	c.SetSize(200)
	c.SetTools(testTools)
	c.Focus("")
	return c
}

// Keys as the terminal reports them.
var (
	keyTab   = tea.KeyMsg{Type: tea.KeyTab}
	keyEnter = tea.KeyMsg{Type: tea.KeyEnter}
	keyEsc   = tea.KeyMsg{Type: tea.KeyEsc}
	keyUp    = tea.KeyMsg{Type: tea.KeyUp}
	keyDown  = tea.KeyMsg{Type: tea.KeyDown}
)

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

// press sends keys and returns the messages the last one's Cmd produces.
// Only Enter and Esc are run: the other keys' Cmds are cursor blinks that
// wait for a timer.
func clPress(c *CommandLine, keys ...tea.KeyMsg) []tea.Msg {
	var msgs []tea.Msg
	for _, k := range keys {
		_, cmd := c.Update(k)
		msgs = nil
		if k.Type == tea.KeyEnter || k.Type == tea.KeyEsc {
			msgs = clRunCmd(cmd)
		}
	}
	return msgs
}

// runCmd runs cmd and the batches it returns, collecting their messages.
func clRunCmd(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, clRunCmd(c)...)
		}
		return out
	default:
		return []tea.Msg{msg}
	}
}

func viewLines(c *CommandLine) []string {
	return strings.Split(ansi.Strip(c.View()), "\n")
}

func hintOf(c *CommandLine) string { return viewLines(c)[1] }

// heldThenForced types line on an empty command line and checks that the
// first Enter holds it back with a hint holding want, and that Enter again
// sends method anyway, forced.
func heldThenForced(t *testing.T, line, want, method string) {
	t.Helper()
	c := newLine(t, "")
	clPress(c, runes(line))
	if s := submitted(clPress(c, keyEnter)); s != nil {
		t.Fatalf("%q: the first Enter sent %+v despite the warning", line, s)
	}
	if hint := hintOf(c); !strings.Contains(hint, want) {
		t.Errorf("hint %q does not contain %q", hint, want)
	}
	if s := submitted(clPress(c, keyEnter)); s == nil || !s.Forced || s.Command.Method != method {
		t.Errorf("%q: the second Enter sent %+v, want the method %s, forced", line, s, method)
	}
}

func submitted(msgs []tea.Msg) *SubmitMsg {
	for _, m := range msgs {
		if s, ok := m.(SubmitMsg); ok {
			return &s
		}
	}
	return nil
}

func TestCommandLineCompletion(t *testing.T) {
	tests := []struct {
		name  string
		typed string
		tabs  int
		want  string
	}{
		{"unique method", "tools/c", 1, "tools/call "},
		{"method prefix extends", "to", 1, "tools/"},
		{"then cycles", "to", 2, "tools/list "},
		{"cycles on", "to", 3, "tools/call "},
		{"cycle wraps", "to", 4, "tools/list "},
		{"empty line lists, then cycles all methods", "", 3, "tools/list "},
		{"several candidates: the first Tab lists them", "tools/call ", 1, "tools/call "},
		{"tool names cycle", "tools/call ", 2, "tools/call search "},
		{"next tool name", "tools/call ", 3, "tools/call secret "},
		{"tool by prefix", "tools/call ec", 1, "tools/call echo "},
		{"tool after alias", "call sec", 1, "call secret "},
		{"required key first", "tools/call search ", 2, "tools/call search query="},
		{"a chosen key waits for its value", "tools/call search ", 3, "tools/call search query="},
		{"given keys are skipped", "tools/call search query=hi ", 2, "tools/call search query=hi limit="},
		{"key by prefix", "tools/call search li", 1, "tools/call search limit="},
		{"enum values", "tools/call search mode=", 2, "tools/call search mode=fast "},
		{"enum cycles", "tools/call search mode=", 4, "tools/call search mode='with space' "},
		{"enum by prefix", "tools/call search mode=d", 1, "tools/call search mode=deep "},
		{"booleans", "tools/call search verbose=", 2, "tools/call search verbose=true "},
		{"tools/list options", "tools/list ", 2, "tools/list --all "},
		{"every list's options", "prompts --", 1, "prompts --all "},
		{"log levels", "loglevel w", 1, "loglevel warning "},
		{"completion references", "complete r", 1, "complete resource "},
		{"subscribe is a method", "resources/sub", 1, "resources/subscribe "},
		{"nothing to complete", "tools/call search query=abc", 1, "tools/call search query=abc"},
		{"unknown tool", "tools/call nope ", 1, "tools/call nope "},
	}
	for _, tc := range tests {
		c := newLine(t, "")
		clPress(c, runes(tc.typed))
		for range tc.tabs {
			clPress(c, keyTab)
		}
		if got := c.input.Value(); got != tc.want {
			t.Errorf("%s: %q + %d tab(s) = %q, want %q", tc.name, tc.typed, tc.tabs, got, tc.want)
		}
		if got := viewLines(c)[0]; !strings.Contains(got, tc.want) {
			t.Errorf("%s: input line %q does not show %q", tc.name, got, tc.want)
		}
	}
}

func TestCommandLineCompletionFollowsTools(t *testing.T) {
	c := newLine(t, "")
	clPress(c, runes("tools/call fe"), keyTab)
	if got := c.input.Value(); got != "tools/call fe" {
		t.Fatalf("before the tool exists: %q, want no completion", got)
	}
	// tools/list_changed: the root hands over the new list.
	c.SetTools(append(testTools, mcp.Tool{Name: "fetch"}))
	clPress(c, keyTab)
	if got, want := c.input.Value(), "tools/call fetch "; got != want {
		t.Errorf("after SetTools: %q, want %q", got, want)
	}
}

func TestCommandLineCandidatesShown(t *testing.T) {
	c := newLine(t, "")
	clPress(c, runes("tools/call "), keyTab, keyTab)
	hint := hintOf(c)
	for _, name := range []string{"search", "secret", "echo"} {
		if !strings.Contains(hint, name) {
			t.Errorf("hint %q does not list %q", hint, name)
		}
	}
	// A gateway with a thousand tools: the chosen one stays on screen.
	many := make([]mcp.Tool, 1000)
	for i := range many {
		many[i] = mcp.Tool{Name: fmt.Sprintf("tool_%03d", i)}
	}
	c2 := newLine(t, "")
	c2.SetSize(60)
	c2.SetTools(many)
	clPress(c2, runes("tools/call "))
	for range 501 { // the first Tab adds the common prefix "tool_"
		clPress(c2, keyTab)
	}
	if got, want := c2.input.Value(), "tools/call tool_499 "; got != want {
		t.Errorf("after 500 tabs the line is %q, want %q", got, want)
	}
	if hint := hintOf(c2); !strings.Contains(hint, "tool_499") || ansi.StringWidth(hint) > 60 {
		t.Errorf("hint %q does not show tool_499 within 60 columns", hint)
	}

	// An edit ends the cycle; Tab then completes afresh.
	clPress(c, runes("x"))
	if strings.Contains(hintOf(c), "echo") {
		t.Errorf("after an edit the hint still lists candidates: %q", hintOf(c))
	}
}

func TestCommandLineHints(t *testing.T) {
	tests := []struct {
		typed string
		want  []string
	}{
		{"", []string{"tab complete", "enter send", "esc cancel"}},
		{"tools/", []string{"methods:", "tools/list", "tools/call"}},
		{"tools/call ", []string{"4 tools:", "search", "echo"}},
		{"tools/call search", []string{"search — Search the docs. Fast."}},
		{"tools/call search ", []string{"query* string", "limit integer (1..50)", "mode enum: fast|deep|\"with space\""}},
		{"tools/call search limit=", []string{"limit: integer (1..50), optional"}},
		{"tools/call search query=x", []string{"query: string, required — what to look for in the docs"}},
		{"tools/call search mo", []string{"mode: enum: fast|deep", "optional"}},
		{"tools/call search zz=", []string{"zz is not in the tool's schema", "query"}},
		{"tools/call search quer=", []string{"quer is not in the tool's schema: did you mean query?"}},
		{"tools/call echo ", []string{"takes no arguments"}},
		{"tools/call nope a=", []string{"unknown tool nope"}},
		{"tools/list ", []string{"--all"}},
		{"resources ", []string{"--all"}},
		{"prompts/get ", []string{"prompts/get NAME [arg=value ...]"}},
		{"read ", []string{"resources/read URI", "or  TEMPLATE [var=value ...]"}},
		{"loglevel ", []string{"debug info notice warning"}},
		{"complete ", []string{"completion/complete prompt NAME ARG=VALUE"}},
		{"my/method ", []string{"key=value words"}},
		{"tools/call evil ", []string{"steal gnp.exe", `"x\u202ey" enum: ab`}},
	}
	for _, tc := range tests {
		c := newLine(t, "")
		clPress(c, runes(tc.typed))
		view := c.View()
		hint := strings.Split(view, "\n")[1]
		for _, w := range tc.want {
			if !strings.Contains(hint, w) {
				t.Errorf("after %q the hint is %q, want it to contain %q", tc.typed, hint, w)
			}
		}
		sanitizetest.Check(t, "hint after "+tc.typed, view, true)
	}
	// Completion inserts a key with a bidi override exactly (so the call
	// works) but neither line draws the override.
	c := newLine(t, "")
	clPress(c, runes("tools/call evil "), keyTab)
	if got, want := c.input.Value(), "tools/call evil 'x\u202ey'="; got != want {
		t.Errorf("completed key = %q, want %q", got, want)
	}
	view := c.View()
	sanitizetest.Check(t, "evil key", view, true)
	if got, want := hintOf(c), `"x\u202ey": enum: ab, optional — red`; !strings.Contains(got, want) {
		t.Errorf("hint %q does not contain %q", got, want)
	}
	c = NewCommandLine(plainStyles(), DefaultKeyMap(), "")
	c.Focus("tools/call ")
	if got := hintOf(c); !strings.Contains(got, "no tools known yet: tab lists them") {
		t.Errorf("without tools the hint is %q, want it to say Tab lists them", got)
	}
}

func TestCommandLineErrors(t *testing.T) {
	tests := []struct {
		typed string
		want  []string
	}{
		{"tools/call search query=x limit=abc", []string{"✗", "limit", "abc"}},
		// mode lists no "plain": the word is the rest of query's value.
		{"tools/call search query=x plain", []string{"✗", "plain", "did you mean query='x plain'?"}},
		{"tools/call search 'open", []string{"✗", "unterminated single quote at column 19"}},
		{"tools/call", []string{"✗", "needs the tool name"}},
		{"tools/list --bogus", []string{"✗", "--bogus"}},
		{"ping x:={bad", []string{"✗", "x"}},
	}
	for _, tc := range tests {
		c := newLine(t, "")
		clPress(c, runes(tc.typed))
		msgs := clPress(c, keyEnter)
		if s := submitted(msgs); s != nil {
			t.Errorf("%q was sent despite an error: %+v", tc.typed, s)
		}
		hint := hintOf(c)
		for _, w := range tc.want {
			if !strings.Contains(hint, w) {
				t.Errorf("%q: hint %q does not contain %q", tc.typed, hint, w)
			}
		}
		if got := c.input.Value(); got != tc.typed {
			t.Errorf("%q: the line changed to %q after an error", tc.typed, got)
		}
		if msgs := clPress(c, keyEnter); submitted(msgs) != nil {
			t.Errorf("%q: a second Enter sent a line with errors", tc.typed)
		}
	}
}

func TestCommandLineWarningsThenForcedSend(t *testing.T) {
	tests := []struct {
		typed string
		warn  []string
	}{
		{"tools/call search limit=5", []string{"query: missing required key"}},
		{"tools/call search query=x limit=0", []string{"limit"}},
		{"tools/call search query=x mode=slow", []string{"mode"}},
		{"tools/call search query=x other=1", []string{"other: unknown key"}},
		{"tools/call search query=x mod=fast", []string{"mod: unknown key (did you mean mode?"}},
		{"tools/call nope a=1", []string{"nope is not in the tools list (4 tools)"}},
	}
	for _, tc := range tests {
		c := newLine(t, "")
		clPress(c, runes(tc.typed))
		if s := submitted(clPress(c, keyEnter)); s != nil {
			t.Fatalf("%q: the first Enter sent despite warnings", tc.typed)
		}
		hint := hintOf(c)
		for _, w := range tc.warn {
			if !strings.Contains(hint, w) {
				t.Errorf("%q: hint %q does not contain %q", tc.typed, hint, w)
			}
		}
		if strings.Index(hint, tc.warn[0]) > strings.Index(hint, "enter again") || !strings.HasSuffix(strings.TrimRight(hint, " "), " · enter again sends anyway") {
			t.Errorf("%q: hint %q, want what is wrong first and %q after it", tc.typed, hint, "enter again sends anyway")
		}
		s := submitted(clPress(c, keyEnter))
		if s == nil {
			t.Fatalf("%q: the second Enter did not send", tc.typed)
		}
		if !s.Forced || s.Line != tc.typed || s.Command.Method != "tools/call" {
			t.Errorf("%q: sent %+v, want Forced, Line %q, Method tools/call", tc.typed, s, tc.typed)
		}
		if got := c.input.Value(); got != "" {
			t.Errorf("%q: the line holds %q after sending, want it empty", tc.typed, got)
		}
	}

	// An edit after the warnings asks again.
	c := newLine(t, "")
	clPress(c, runes("tools/call search limit=5"), keyEnter, runes("0"))
	if s := submitted(clPress(c, keyEnter)); s != nil {
		t.Errorf("an edited line was sent without showing its warnings again")
	}

	// A clean line goes at once and is not forced.
	c = newLine(t, "")
	clPress(c, runes("tools/call search query='two words' limit=3 verbose=true"))
	s := submitted(clPress(c, keyEnter))
	if s == nil || s.Forced {
		t.Fatalf("a clean line: got %+v, want one unforced SubmitMsg", s)
	}
	if got, want := s.Command.Tool, "search"; got != want {
		t.Errorf("Command.Tool = %q, want %q", got, want)
	}
	if got, want := strings.Join(s.Command.Words, "|"), "query=two words|limit=3|verbose=true"; got != want {
		t.Errorf("Command.Words = %q, want %q", got, want)
	}
}

func TestCommandLineCancel(t *testing.T) {
	c := newLine(t, "")
	clPress(c, runes("tools/li"))
	msgs := clPress(c, keyEsc)
	if len(msgs) != 1 || msgs[0] != (CancelMsg{}) {
		t.Fatalf("Esc gave %#v, want one CancelMsg", msgs)
	}
	if c.Focused() {
		t.Errorf("still focused after Esc")
	}
	if got := c.input.Value(); got != "" {
		t.Errorf("the line holds %q after Esc, want it empty", got)
	}
	if _, cmd := c.Update(runes("x")); cmd != nil || c.input.Value() != "" {
		t.Errorf("a blurred command line took a key")
	}
}

func TestCommandLineDisabled(t *testing.T) {
	const reason = "replay: sending is disabled (this is a recording)"
	c := newLine(t, "")
	c.SetDisabled(reason)
	for _, k := range []tea.KeyMsg{runes("tools/list"), keyTab, keyUp} {
		clPress(c, k)
	}
	if s := submitted(clPress(c, keyEnter)); s != nil {
		t.Errorf("a disabled command line sent %+v", s)
	}
	if got := hintOf(c); got != reason {
		t.Errorf("hint = %q, want %q", got, reason)
	}
	c.Blur()
	// Only the way to the help: every other key the row names sends.
	if got := viewLines(c); got[0] != "? help" || got[1] != reason {
		t.Errorf("blurred view = %q, want only \"? help\" and %q", got, reason)
	}
	c.Focus("")
	if msgs := clPress(c, keyEsc); len(msgs) != 1 {
		t.Errorf("Esc while disabled gave %#v, want a CancelMsg", msgs)
	}
	c.SetDisabled("")
	c.Focus("ping")
	if s := submitted(clPress(c, keyEnter)); s == nil {
		t.Errorf("after SetDisabled(\"\") ping was not sent")
	}
}

func TestCommandLineViewSize(t *testing.T) {
	c := newLine(t, "")
	for _, w := range []int{10, 30, 80} {
		c.SetSize(w)
		for _, typed := range []string{"", "tools/call ", "tools/call search " + strings.Repeat("query=日本語 ", 20)} {
			c.Focus(typed)
			clPress(c, keyTab, keyTab)
			lines := strings.Split(c.View(), "\n")
			if len(lines) != c.Height() {
				t.Fatalf("width %d, %q: View has %d lines, want %d", w, typed, len(lines), c.Height())
			}
			for _, l := range lines {
				if got := ansi.StringWidth(l); got > w {
					t.Errorf("width %d, %q: line %q is %d wide", w, typed, ansi.Strip(l), got)
				}
			}
		}
	}
	c.Blur()
	if got := viewLines(c)[0]; !strings.Contains(got, ": command line") {
		t.Errorf("blurred input line %q does not say how to open the command line", got)
	}
}
