package ui

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

const formParams = `{"message":"Deploy?","requestedSchema":{"type":"object","properties":{"name":{"type":"string","description":"Who"},"copies":{"type":"integer","minimum":1,"maximum":5},"env":{"type":"string","enum":["staging","production"]}},"required":["name"]}}`

// askModel is a live model with one question from the server open.
func askModel(t *testing.T, method, params string) (*Model, *Question) {
	t.Helper()
	return askModelAt(t, 160, 45, mcp.InputRequest{Key: "deploy", Method: method, Params: json.RawMessage(params)})
}

// askModelAt is a live model on a w x h terminal with the question req
// open, which waits a minute at most for its answer.
func askModelAt(t *testing.T, w, h int, req mcp.InputRequest) (*Model, *Question) {
	t.Helper()
	m := newTestModel(t, w, h, newFakeBackend(), nil)
	m.opts.Answers = NewAnswerer()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	q := &Question{Req: req, ctx: ctx, reply: make(chan reply, 1)}
	m.Update(questionMsg{q})
	return m, q
}

func typeKeys(m *Model, s string) {
	for _, r := range s {
		m.Update(keyMsg(string(r)))
	}
}

// answerOf is the reply given to q, failing if there is none.
func answerOf(t *testing.T, q *Question) reply {
	t.Helper()
	select {
	case r := <-q.reply:
		return r
	default:
		t.Fatal("the question got no answer")
		return reply{}
	}
}

// A form is answered in key=value words checked against its schema: a
// warning holds the answer back once, Enter again sends it.
func TestAskFormWarnsThenAnswers(t *testing.T) {
	m, q := askModel(t, "elicitation/create", formParams)
	view := m.View()
	for _, want := range []string{"asks: elicitation/create (deploy)", "Deploy?", "name: string, required — Who", "env: enum: staging|production"} {
		if !strings.Contains(view, want) {
			t.Errorf("the question's box lacks %q:\n%s", want, view)
		}
	}
	typeKeys(m, "name=Ann copies=9 env=st")
	press(m, "tab")
	press(m, "enter")
	if !strings.Contains(m.View(), "copies: 9 is above the maximum 5") {
		t.Fatalf("no warning about copies:\n%s", m.View())
	}
	if len(q.reply) != 0 {
		t.Fatal("answered despite the warning on the first Enter")
	}
	press(m, "enter")
	r := answerOf(t, q)
	if r.err != nil || string(r.res) != `{"action":"accept","content":{"name":"Ann","copies":9,"env":"staging"}}` {
		t.Errorf("answer %s, %v; want the typed form, env completed", r.res, r.err)
	}
	if m.ask.open() || strings.Contains(m.View(), "Deploy?") {
		t.Error("the question stayed open after its answer")
	}
}

// Esc dismisses: a form is cancelled, a sampling request declined.
func TestAskEscDismisses(t *testing.T) {
	m, q := askModel(t, "elicitation/create", formParams)
	press(m, "esc")
	if r := answerOf(t, q); string(r.res) != `{"action":"cancel"}` {
		t.Errorf("esc on a form answered %s, want action cancel", r.res)
	}
	m, q = askModel(t, "sampling/createMessage", `{"messages":[{"role":"user","content":{"type":"text","text":"hi"}}]}`)
	if !strings.Contains(m.View(), "reply to user: hi") {
		t.Errorf("the sampling request's messages are not shown:\n%s", m.View())
	}
	press(m, "esc")
	if r := answerOf(t, q); !errors.Is(r.err, mcp.ErrDeclined) {
		t.Errorf("esc on sampling answered %s, %v; want declined", r.res, r.err)
	}
}

// A 2026 round's question nobody answers in time is said left unanswered,
// its request not sent again: the status said the session told the server,
// which 2026 has no answer for and nothing told. The round decides it,
// not the key: a round's question under the key "" read as a 2025 server
// request's, and a 2025 one was told the server.
func TestAskTimeoutIn2026SaysLeftUnanswered(t *testing.T) {
	for _, tt := range []struct {
		name string
		req  mcp.InputRequest
		want string
	}{
		{"2026, key confirm", mcp.InputRequest{Key: "confirm", Round: true}, "nobody answered confirm (elicitation/create) in time: it was left unanswered"},
		{"2026, key empty", mcp.InputRequest{Round: true}, "nobody answered the server's elicitation/create in time: it was left unanswered"},
		{"2025", mcp.InputRequest{}, "nobody answered the server's elicitation/create in time: the session told the server it went unanswered"},
	} {
		m, _ := askModel(t, "sampling/createMessage", `{"messages":[]}`)
		ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		<-ctx.Done()
		req := tt.req
		req.Method, req.Params = "elicitation/create", json.RawMessage(formParams)
		q := &Question{Req: req, ctx: ctx, reply: make(chan reply, 1)}
		m.Update(questionMsg{q})
		m.Update(questionGoneMsg{q, ctx.Err()})
		cancel()
		if view := m.View(); !strings.Contains(view, tt.want) {
			t.Errorf("%s: the status does not say %q:\n%s", tt.name, tt.want, view)
		}
	}
}

// Questions queue: the second is asked once the first is answered, and
// one the session stops waiting for leaves the queue with a word why.
func TestAskQueueAndWithdrawal(t *testing.T) {
	m, first := askModel(t, "elicitation/create", formParams)
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	<-ctx.Done()
	second := &Question{Req: mcp.InputRequest{Method: "sampling/createMessage", Params: json.RawMessage(`{"messages":[]}`)}, ctx: ctx, reply: make(chan reply, 1)}
	m.Update(questionMsg{second})
	if !strings.Contains(m.View(), "1 more question waiting") {
		t.Errorf("the box does not say another question waits:\n%s", m.View())
	}
	m.Update(questionGoneMsg{second, ctx.Err()})
	if len(m.ask.queue) != 1 || !strings.Contains(m.View(), "nobody answered the server's sampling/createMessage in time") {
		t.Errorf("queue %d after the second timed out, want 1 and a status saying so:\n%s", len(m.ask.queue), m.View())
	}
	typeKeys(m, "decline")
	press(m, "enter")
	if r := answerOf(t, first); string(r.res) != `{"action":"decline"}` {
		t.Errorf("answer %s, want decline", r.res)
	}
	// The session's own end of the wait comes after the answer: nothing more.
	m.Update(questionGoneMsg{first, context.Canceled})
	if m.ask.open() {
		t.Error("a prompt is open with nothing asked")
	}
}

// ctrl+c quits even while a question has the keyboard; q is a letter.
func TestAskKeepsQuit(t *testing.T) {
	m, _ := askModel(t, "elicitation/create", formParams)
	if cmd := press(m, "q"); cmd != nil && m.ctx.Err() != nil {
		t.Fatal("q quit while answering")
	}
	press(m, "ctrl+c")
	if m.ctx.Err() == nil {
		t.Error("ctrl+c did not quit while a question was open")
	}
}

// The prompt's hint names what esc does: a form is cancelled (action
// cancel), a sampling request declined; the status line said "dismisses"
// for both. It is said once on the screen, where it was said by the
// input's placeholder, the hint and the status line.
func TestAskSaysWhatEscDoes(t *testing.T) {
	for _, tc := range []struct{ method, params, does string }{
		{"elicitation/create", formParams, "esc cancels the form"},
		{"sampling/createMessage", `{"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":10}`, "esc declines"},
	} {
		m, _ := askModel(t, tc.method, tc.params)
		rows := strings.Split(m.View(), "\n")
		bar, hint := rows[len(rows)-1], rows[len(rows)-2]
		if !strings.Contains(bar, "answer the question above") || !strings.Contains(hint, tc.does) {
			t.Errorf("%s: status %q and hint %q, want the hint to say %q", tc.method, bar, hint, tc.does)
		}
		if n := strings.Count(ansi.Strip(m.View()), "esc "); n != 1 {
			t.Errorf("%s: esc is spoken of %d times, want once:\n%s", tc.method, n, ansi.Strip(m.View()))
		}
	}
}
