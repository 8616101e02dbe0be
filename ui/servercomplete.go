package ui

import (
	"errors"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// The values of a prompt's argument or a template's variable are the
// server's to know: MCP asks for them with completion/complete. A Tab on
// such a value that has nothing to offer from what was listed asks the
// server (the request shows in Pairs like any other), and the values it
// answers become the Tab's candidates, if the line is still as it was.

// serverCompleteMsg asks the root to send a completion/complete for the
// word under the cursor.
type serverCompleteMsg struct {
	line  string // the command line when Tab was pressed
	start int    // byte offset where the key=value word starts
	key   string // the argument or variable completed
	cmd   command.Command
	// session is the id of the session asked (askServer): an answer
	// that comes after `r` or `i` began another is that one's no more.
	session string
	// held says it waited for the session's initialize (askHeld): the
	// session it asks is the new one, whose id the log may not have yet.
	held bool
	// gen is Model.sessionGen when it was asked: an answer after the
	// user began another session (i, r) is the old one's, whatever ids
	// the log shows yet.
	gen int
}

// askedWord is the key=value word a serverCompleteMsg asked about: the
// line it is on and where it starts.
type askedWord struct {
	line  string
	start int
}

func (msg serverCompleteMsg) word() askedWord { return askedWord{msg.line, msg.start} }

// forgetAskedNothing forgets the word the server offered no values for
// once batch opens a session or initializes one again (r, i, a reconnect
// of the session's own): that session's server was never asked, and Tab
// on the same line said "asked already" without asking it.
func (m *Model) forgetAskedNothing(batch []mcp.Record) {
	for i := range batch {
		if r := &batch[i]; r.Kind == mcp.KindState && r.State != nil {
			switch r.State.State {
			case mcp.StateOpen, mcp.StateSessionReplaced, mcp.StateInitialized:
				m.cmdline.askedNothing = askedWord{}
				return
			}
		}
	}
}

// serverCompletedMsg is the server's answer to a serverCompleteMsg.
type serverCompletedMsg struct {
	ask    serverCompleteMsg
	values []string
	// notStrings counts the values the server answered that are not
	// strings, which no command line can take.
	notStrings int
	err        error
}

// serverCompletion is the completion/complete that asks the server for the
// values of the word under the cursor: a prompt argument's (prompts/get
// NAME key=...) or a template variable's (resources/read TEMPLATE
// var=...), with the other words as the context; ok is false elsewhere.
func (ctx lineContext) serverCompletion(line string) (serverCompleteMsg, bool) {
	key, value, ok := strings.Cut(ctx.cur.Text, "=")
	if !ok || key == "" || strings.HasSuffix(key, ":") {
		return serverCompleteMsg{}, false
	}
	var ref string
	var others []command.Word
	switch {
	case ctx.method == "prompts/get" && ctx.index >= 2:
		name, err := ctx.promptName()
		if err != nil {
			return serverCompleteMsg{}, false
		}
		ref, others = "prompt "+command.ShellQuote(name), ctx.words[2:]
	case ctx.template() != "" && ctx.method != "completion/complete":
		ref, others = "resource "+command.ShellQuote(ctx.template()), ctx.words[2:]
	default:
		return serverCompleteMsg{}, false
	}
	words := []string{"completion/complete", ref, command.ShellQuote(key + "=" + value)}
	for _, w := range others {
		if k, _, ok := strings.Cut(w.Text, "="); ok && k != key && !strings.HasSuffix(k, ":") {
			words = append(words, command.ShellQuote(w.Text))
		}
	}
	cmd, err := command.ParseCommand(strings.Join(words, " "))
	if err != nil {
		return serverCompleteMsg{}, false
	}
	return serverCompleteMsg{line: line, start: ctx.cur.Start, key: key, cmd: cmd}, true
}

// promptName is the prompt a prompts/get line names, as Enter reads it,
// or Enter's refusal: prompts/get a=b x=1 names no prompt (a name that
// holds = goes in quotes), and Tab offering prompt "a=b"'s arguments and
// values there filled a line Enter then refused.
func (ctx lineContext) promptName() (string, error) {
	if ctx.method != "prompts/get" || len(ctx.words) < 2 {
		return "", errors.New("prompts/get needs the prompt's name first")
	}
	get, err := command.ParseCommand(ctx.before[:ctx.words[1].End])
	return get.Target, err
}

// promptNamed is the name of the prompt the line names, listed or not;
// ok is false when it names none.
func (ctx lineContext) promptNamed() (name string, ok bool) {
	if ctx.completesPrompt() {
		return ctx.words[2].Text, true
	}
	name, err := ctx.promptName()
	return name, err == nil
}

// namedPrompt is the listed prompt a prompts/get line names (promptName),
// or a completion/complete prompt line, nil for none.
func (ctx lineContext) namedPrompt(prompts []command.Prompt) *command.Prompt {
	name, ok := ctx.promptNamed()
	if !ok {
		return nil
	}
	return listedPrompt(prompts, name)
}

// askServer sends msg's completion/complete off the update loop.
func (m *Model) askServer(msg serverCompleteMsg) tea.Cmd {
	b := m.backend()
	if b == nil || m.com.replay {
		return nil
	}
	if m.initializing > 0 || m.reconnectAsked {
		return m.holdAsk(msg)
	}
	if m.askAwaitsInitialize(b) {
		// A legacy session before i refuses completion/complete too, in
		// words that do not say what to do.
		return m.setStatus(levelInfo, "no values to offer for "+sanitize.Line(msg.key)+": "+advice.For(advice.Fact{Cause: mcp.CauseUninitialized}, advice.TUI))
	}
	if mcp.Undeclared("completion/complete", m.com.log.Stats().Transport, m.com.log.Capabilities()) != "" {
		return m.setStatus(levelInfo, "no values to offer for "+sanitize.Line(msg.key)+": the server does not offer completions (no completions capability)")
	}
	if m.completing == msg.line {
		return nil // asked already; its answer is on its way
	}
	if m.cmdline.askedNothing == msg.word() && !msg.held {
		return m.setStatus(levelInfo, noneOffered(msg)+" (asked already): type one")
	}
	m.completing = msg.line
	msg.session, msg.gen = m.com.log.Stats().SessionID, m.sessionGen
	ctx, id := m.sends.start(mcp.Automatic(m.ctx, "for Tab's values of "+msg.key), sanitize.Line(msg.cmd.Method))
	sends := m.sends
	return tea.Batch(m.setStatus(levelInfo, "asking the server for values of "+sanitize.Line(msg.key)+"…"), func() tea.Msg {
		defer sends.done(id)
		resp, _, err := b.Do(ctx, msg.cmd)
		out := serverCompletedMsg{ask: msg, err: err}
		if err == nil && resp != nil {
			if resp.Error != nil {
				out.err = resp.Error
			} else {
				c, perr := command.ParseCompletion(resp.Result)
				out.values, out.notStrings, out.err = c.Values, c.NotStrings, perr
			}
		}
		return out
	})
}

// serverCompleted offers the values the server answered, when the line is
// still as Tab found it, or says why there are none.
func (m *Model) serverCompleted(msg serverCompletedMsg) tea.Cmd {
	if m.completing == msg.ask.line {
		m.completing = ""
	}
	if msg.ask.gen != m.sessionGen || msg.ask.session != m.com.log.Stats().SessionID && !msg.ask.held {
		// The values were the old session's (a prompt's arguments, a
		// resource's names may differ in the new one): Tab asks this one.
		return m.setStatus(levelInfo, "the server's values for "+sanitize.Line(msg.ask.key)+" came after the session changed, so they are not offered: press Tab to ask again")
	}
	m.cmdline.askedNothing = askedWord{}
	if msg.err == nil && len(msg.values)+msg.notStrings == 0 {
		m.cmdline.askedNothing = msg.ask.word()
	}
	if msg.err != nil {
		return m.setStatus(levelWarn, "the server could not complete "+sanitize.Line(msg.ask.key)+": "+errLine(msg.err))
	}
	comp := completion{start: msg.ask.start}
	// At most as many as the specification lets an answer hold, as exec
	// prints: a server past it (100,000 values) gets no more Tab stops
	// for it, and the status says how many were left out.
	values := msg.values[:min(len(msg.values), command.MaxCompletionValues)]
	for _, v := range values {
		comp.add(command.ShellQuote(msg.ask.key)+"="+command.ShellQuote(v)+" ", v)
	}
	if offered := len(msg.values) + msg.notStrings; offered > 0 && len(comp.items) == 0 {
		why := "control characters"
		switch {
		case len(msg.values) == 0:
			why = "not strings"
		case msg.notStrings > 0:
			why = "control characters, or not strings"
		}
		return m.setStatus(levelWarn, "the server offered "+plural(offered, "value")+" for "+sanitize.Line(msg.ask.key)+
			", none of which can be typed ("+why+")")
	}
	if !m.cmdline.offer(msg.ask.line, comp) {
		if len(msg.values) == 0 {
			return m.setStatus(levelInfo, noneOffered(msg.ask))
		}
		return nil // the line changed meanwhile: its values would be for another word
	}
	what := "the server offered " + plural(len(comp.items), "value") + " for " + sanitize.Line(msg.ask.key)
	if n := len(values) - len(comp.items); n > 0 {
		// The count says what Tab steps through; the rest is said apart.
		what += " (" + strconv.Itoa(n) + " more left out: control characters)"
	}
	if n := len(msg.values) - len(values); n > 0 {
		what += " (" + strconv.Itoa(n) + " more left out: the specification allows at most " + strconv.Itoa(command.MaxCompletionValues) + ")"
	}
	if msg.notStrings > 0 {
		what += " (" + strconv.Itoa(msg.notStrings) + " more left out: not strings)"
	}
	return m.setStatus(levelInfo, what)
}

// offer makes comp the candidates of the word under the cursor, as a Tab
// with them would, when the command line still holds line (the candidates
// came back from a command: the server's values, a directory's listing);
// false when there are none or the line changed meanwhile.
func (c *CommandLine) offer(line string, comp completion) bool {
	if !c.input.Focused() || c.input.Value() != line || len(comp.items) == 0 {
		return false
	}
	c.clearOutcome()
	c.cycle = tabComplete(&c.input, nil, func(string) completion { return comp })
	c.changed()
	return true
}

// completesPrompt reports whether the word under the cursor follows the
// prompt's name on a completion/complete prompt line, where the prompt's
// arguments go, as on its prompts/get line.
func (ctx lineContext) completesPrompt() bool {
	return ctx.method == "completion/complete" && ctx.index >= 3 && ctx.words[1].Text == "prompt"
}

// atPromptName reports whether the word under the cursor is a prompt's
// name: on a prompts/get line, or a completion/complete prompt line.
func (ctx lineContext) atPromptName() bool {
	return ctx.method == "prompts/get" && ctx.index == 1 ||
		ctx.method == "completion/complete" && ctx.index == 2 && ctx.words[1].Text == "prompt"
}

// atPromptArgs reports whether the word under the cursor is one of a
// prompt's arguments: after its name on its prompts/get line, or on a
// completion/complete prompt line.
func (ctx lineContext) atPromptArgs() bool {
	return ctx.method == "prompts/get" && ctx.index >= 2 || ctx.completesPrompt()
}

// noneOffered says the server offered no values for the word ask asked
// about: "the server offered no values for tag starting x".
func noneOffered(ask serverCompleteMsg) string {
	what := "the server offered no values for " + sanitize.Line(ask.key)
	word, _, _ := strings.Cut(ask.line[ask.start:], " ")
	if _, typed, _ := strings.Cut(word, "="); typed != "" {
		what += " starting " + sanitize.Line(typed)
	}
	return what
}
