package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// Answerer is the TUI's mcp.Answerer. A session calls Answer from its own
// goroutine when a server asks the user for something (an elicitation
// form, a sampled message); the question travels to the TUI, which opens a
// prompt for it, and Answer returns what the person typed. The session
// bounds the wait (--timeout): a question nobody answers in time is
// withdrawn from the prompt and the session records it as unanswered.
// Give the same Answerer to the session (mcp.Config.Answerer) and to the
// TUI (Options.Answers).
type Answerer struct {
	questions chan *Question
	now       func() time.Time
}

// NewAnswerer returns an Answerer for one TUI.
func NewAnswerer() *Answerer {
	return &Answerer{questions: make(chan *Question), now: time.Now}
}

// Question is one thing a server asks the person at the TUI.
type Question struct {
	Req   mcp.InputRequest
	ctx   context.Context
	asked time.Time
	reply chan reply
	// broke is set when a call's failure said the legacy stream the
	// question came on broke, before the records of the break came.
	broke bool
}

// reply is the person's answer: the result, or why there is none.
type reply struct {
	res json.RawMessage
	err error
}

// Answer implements mcp.Answerer: it hands the question to the TUI and
// waits for the answer, or for ctx to end.
func (a *Answerer) Answer(ctx context.Context, req mcp.InputRequest) (json.RawMessage, error) {
	q := &Question{Req: req, ctx: ctx, asked: a.now(), reply: make(chan reply, 1)}
	select {
	case a.questions <- q:
	case <-ctx.Done():
		return nil, fmt.Errorf("the TUI was not there to ask: %w", mcp.ErrNoAnswer)
	}
	select {
	case r := <-q.reply:
		return r.res, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// answer gives the question its answer; a question answers once, and
// never blocks the UI.
func (q *Question) answer(res json.RawMessage, err error) {
	select {
	case q.reply <- reply{res, err}:
	default:
	}
}

// deadline is when the session stops waiting, if it said.
func (q *Question) deadline() (time.Time, bool) { return q.ctx.Deadline() }

// questionMsg brings a question to Update.
type questionMsg struct{ q *Question }

// questionGoneMsg says the session stopped waiting for a question: it
// timed out, its request was cancelled, or the session closed.
type questionGoneMsg struct {
	q   *Question
	err error
}

// waitForQuestion waits for the next question, until the program ends;
// Update re-arms it.
func waitForQuestion(ctx context.Context, a *Answerer) tea.Cmd {
	return func() tea.Msg {
		select {
		case q := <-a.questions:
			return questionMsg{q}
		case <-ctx.Done():
			return nil
		}
	}
}

// watchQuestion reports when the session stops waiting for q.
func watchQuestion(q *Question) tea.Cmd {
	return func() tea.Msg {
		<-q.ctx.Done()
		// The cause says more than Err: the server may have withdrawn it.
		return questionGoneMsg{q, context.Cause(q.ctx)}
	}
}
