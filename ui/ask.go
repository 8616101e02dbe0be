package ui

import (
	"encoding/json"
	"errors"
	"hash/maphash"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// askPrompt is where the person answers what servers ask, in the words of
// a command line (command.ParseAnswer): "accept name=Ann copies:=2",
// "decline", "cancel", or a sampled reply's text. Questions queue; the
// oldest is asked first. While one is open it has the keyboard (only
// ctrl+c still quits), its box sits above the command line, and the
// command line shows its input.
type askPrompt struct {
	c     *common
	queue []*Question
	input textinput.Model
	// form is the head question's elicitation form, read once when it is
	// put on the prompt: the box is drawn every second while it is open.
	form form
	// said is what a question other than a form asks (the messages to
	// reply to), described once and cut to what a box can show: a
	// sampling request can hold megabytes of messages.
	said string
	w    int // the width the outcome of an Enter wraps to
	h    int // the height of the question's box
	// top is the first line of the box's body shown: a form longer
	// than the box scrolls.
	top int
	// typed is what was last typed into each question (questionKey),
	// answered or not: ↑ on an empty answer brings it back when the
	// server asks the same question again, so a half-filled form is not
	// lost. A question the session withdrew before it was sent (the
	// server cancelled it, the connection dropped) is asked again so, as
	// a 2026 round that ended early (a later question timed out,
	// declined) asks its questions again when the request is sent again.
	// Kept per question, not as one last line: ↑ in one form brought
	// back what was typed into another, a token among it.
	typed map[uint64]string

	lineOutcome
}

// maxSaid bounds the description of a question kept for its box: more
// than a screen of the widest terminal holds.
const maxSaid = 256 << 10

func newAskPrompt(c *common) *askPrompt {
	in := textinput.New()
	in.Prompt = "answer › "
	in.CharLimit = 64 << 10
	in.KeyMap.AcceptSuggestion = key.NewBinding(key.WithDisabled())
	in.KeyMap.NextSuggestion = key.NewBinding(key.WithDisabled())
	in.KeyMap.PrevSuggestion = key.NewBinding(key.WithDisabled())
	styleInput(&in, c.st.TextInput)
	return &askPrompt{c: c, input: in}
}

// open reports whether a question is being asked.
func (a *askPrompt) open() bool { return len(a.queue) > 0 }

// current is the question being asked, or nil.
func (a *askPrompt) current() *Question {
	if len(a.queue) == 0 {
		return nil
	}
	return a.queue[0]
}

// SetSize sets the width of the input and the box, and the box's most
// lines.
func (a *askPrompt) SetSize(w, boxH int) {
	a.w, a.h = w, boxH
	a.input.Width = max(w-len(a.input.Prompt)-1, 1)
}

// push queues a question, and asks it at once when nothing else is.
func (a *askPrompt) push(q *Question) tea.Cmd {
	a.queue = append(a.queue, q)
	if len(a.queue) == 1 {
		return a.start()
	}
	return nil
}

// start puts the question at the head of the queue on the prompt.
func (a *askPrompt) start() tea.Cmd {
	a.input.Reset()
	a.clearOutcome()
	a.form, a.said, a.top = form{}, "", 0
	if q := a.current(); q != nil && q.Req.Method == "elicitation/create" {
		a.form = parseForm(q.Req.Params)
		if f := a.form; f.Mode != "url" && f.schema != nil && len(f.schema.Properties) > 0 {
			// The key in the binding's own words, as every key row has
			// it ("tab complete"), not a second wording of it. What esc
			// does is said once, on the hint row under the input.
			a.input.Placeholder = "accept key=value …  (" + keyHints(a.c.keys.Complete) + ")"
		} else {
			a.input.Placeholder = "accept, decline or cancel"
		}
	} else if q != nil {
		a.said = strings.Clone(clip.Prefix(command.Describe(q.Req), maxSaid))
		a.input.Placeholder = "the reply's text, or decline"
	}
	return a.input.Focus()
}

// remove takes q out of the queue (answered, or withdrawn by the session)
// and moves on to the next question.
func (a *askPrompt) remove(q *Question) tea.Cmd {
	i := slices.Index(a.queue, q)
	if i < 0 {
		return nil
	}
	a.queue = slices.Delete(a.queue, i, i+1)
	if i > 0 {
		return nil
	}
	if len(a.queue) == 0 {
		a.input.Blur()
		a.input.Reset()
		return nil
	}
	return a.start()
}

// withdraw takes q out of the queue because the session stopped waiting
// for it, keeping what was typed into it (see unsent), which it returns.
func (a *askPrompt) withdraw(q *Question) (string, tea.Cmd) {
	typed := ""
	if a.current() == q {
		typed = a.keepUnsent(q)
	}
	return typed, a.remove(q)
}

// keepUnsent keeps what is typed into q's answer and not sent, for ↑ in
// q asked again, and returns it; "" when nothing is typed.
func (a *askPrompt) keepUnsent(q *Question) string {
	typed := strings.TrimSpace(a.input.Value())
	a.keep(q, typed)
	return typed
}

// answered is what an Enter or Esc did, for the status bar; typed is
// what an Esc left in the answer and did not send, kept for ↑.
type answered struct {
	level statusLevel
	text  string
	typed string
}

// key handles a key while a question is open. It reports what was
// answered, if anything.
func (a *askPrompt) key(msg tea.KeyMsg) (tea.Cmd, *answered) {
	k, q := a.c.keys, a.current()
	switch {
	case key.Matches(msg, k.Cancel):
		return a.dismiss(q)
	case key.Matches(msg, k.Submit):
		return a.submit(q)
	case key.Matches(msg, k.Complete):
		a.complete(q)
		return nil, nil
	case key.Matches(msg, k.CompleteBack):
		a.tabBackOn(&a.input)
		return nil, nil
	case key.Matches(msg, k.AskScrollUp):
		a.scroll(-max(a.h-3, 1))
		return nil, nil
	case key.Matches(msg, k.AskScrollDown):
		a.scroll(max(a.h-3, 1))
		return nil, nil
	case key.Matches(msg, k.HistoryPrev) && a.kept(q) != "" && a.input.Value() == "":
		a.input.SetValue(a.kept(q))
		a.input.CursorEnd()
		a.clearOutcome()
		return nil, nil
	}
	before := a.input.Value()
	var cmd tea.Cmd
	a.input, cmd = a.input.Update(msg)
	if a.input.Value() != before {
		a.clearOutcome()
	}
	return cmd, nil
}

// submit answers with the line, or shows why it cannot. Warnings hold the
// answer back once; Enter on the same line again sends it, as for a tool
// call: a debugger must be able to answer what the user typed on purpose.
func (a *askPrompt) submit(q *Question) (tea.Cmd, *answered) {
	line := strings.TrimSpace(a.input.Value())
	res, warns, err := command.ParseAnswer(q.Req, line)
	what := questionLabel(q)
	switch {
	case errors.Is(err, mcp.ErrDeclined):
		q.answer(nil, err)
		return a.remove(q), &answered{level: levelInfo, text: declinedText(q)}
	case err != nil:
		a.fail(sanitize.Line(strings.ReplaceAll(err.Error(), "\n", "; ")), warns)
		return nil, nil
	case a.holdBack(line, warns):
		return nil, nil
	}
	q.answer(res, nil)
	a.keep(q, line)
	text := "answered " + what
	if len(warns) > 0 {
		text += " despite warnings"
	}
	return a.remove(q), &answered{level: levelInfo, text: text}
}

// dismiss answers as a person who closed the dialog, as the specification
// reads a dismissed one: an elicitation is cancelled (action cancel), a
// sampling request declined. It is the user's answer, not a question left
// unanswered (only a wait that runs out leaves one so). What was typed and
// not sent is kept for ↑: the esc must not take it with it.
func (a *askPrompt) dismiss(q *Question) (tea.Cmd, *answered) {
	what := questionLabel(q)
	typed := a.keepUnsent(q)
	if q.Req.Method == "elicitation/create" {
		q.answer(json.RawMessage(`{"action":"cancel"}`), nil)
		return a.remove(q), &answered{levelInfo, "cancelled " + what + " (action: cancel)", typed}
	}
	q.answer(nil, mcp.ErrDeclined)
	return a.remove(q), &answered{levelInfo, declinedText(q), typed}
}

// declinedText says a question was declined, and, for a 2026 round's,
// that the round ends there: the revision has no answer that declines a
// sampling, which the user must read now, not in the row's detail.
func declinedText(q *Question) string {
	text := "declined " + questionLabel(q)
	if q.Req.Round {
		text += ": the request that asked is not sent again"
	}
	return text
}

// escDoes says what the cancel key does to the open question: an
// elicitation is answered with action cancel (a form, or a link to open:
// that has no form to cancel), any other question declined, which ends a
// 2026 round.
func (a *askPrompt) escDoes() string {
	q := a.current()
	switch {
	case q != nil && q.Req.Round && q.Req.Method != "elicitation/create":
		return "declines (the request is not sent again)"
	case q == nil || q.Req.Method != "elicitation/create":
		return "declines"
	case a.form.Mode == "url":
		return "cancels"
	}
	return "cancels the form"
}

// questionLabel names a question for the status bar: "the form confirm
// (elicitation/create)".
func questionLabel(q *Question) string {
	what := "the server's " + q.Req.Method
	if q.Req.Key != "" {
		what = keyShown(q.Req.Key, 64) + " (" + wireLine(q.Req.Method, 64) + ")"
	}
	return what
}

// keyShown is a 2026 inputRequests key as the TUI names it, its first n
// bytes: Go-quoted when it holds what the sanitizer would change or is
// empty (command.KeyWord), as exec names it and a form's field is named,
// where "\x1b[2Jk" was drawn as k, a key the server did not send.
func keyShown(key string, n int) string {
	shown := command.KeyWord(clip.Prefix(key, n))
	if len(key) > n {
		shown = clip.WithSize(shown, len(key))
	}
	return sanitize.Line(shown)
}

// maxTyped bounds the questions whose typing ↑ brings back.
const maxTyped = 256

// questionSeed hashes the questions of questionKey.
var questionSeed = maphash.MakeSeed()

// questionKey tells a question, asked again, from every other: its key (a
// 2026 round's; "" for a server's request), its method, and what it asks
// (its params). A round's key alone is the server's name within one round
// ("a", "confirm"): another tool's round, or another server's, names its
// own form the same, and ↑ there brought back what was typed into this
// one, a token among it; a server's request asked again has a new id, so
// it is not part of the key. All three are hashed, each after its length:
// a sampling request's params can be megabytes, and a key as long, held
// by the store past the log's bound. Its params' _meta is left out: a
// server asking the same question again sends a new progressToken or
// related-task id in it, and ↑ there brought back nothing.
func questionKey(q *Question) uint64 {
	var h maphash.Hash
	h.SetSeed(questionSeed)
	for _, part := range []string{q.Req.Method, q.Req.Key} {
		h.WriteString(strconv.Itoa(len(part)) + ":")
		h.WriteString(part)
	}
	_, _ = h.Write(jsonspan.DropMembers(q.Req.Params, func(k string) bool { return k == "_meta" }))
	return h.Sum64()
}

// keep notes line as what was typed into q.
func (a *askPrompt) keep(q *Question, line string) {
	if line == "" {
		return
	}
	k := questionKey(q)
	// Full, the store starts again, but not for a question it holds: its
	// newest typing replaces its own, and the others' stay.
	if _, held := a.typed[k]; a.typed == nil || !held && len(a.typed) >= maxTyped {
		a.typed = map[uint64]string{}
	}
	a.typed[k] = line
}

// kept is what ↑ on q's empty answer brings back: what was typed into the
// same question asked before, and nothing typed into another.
func (a *askPrompt) kept(q *Question) string {
	if q == nil {
		return ""
	}
	return a.typed[questionKey(q)]
}
