package ui

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A call's failure that says the legacy stream broke marks the questions
// asked on that stream only: one that came on the stream a reconnect
// opened since is answered there, where it was refused as if its stream
// had broken too, and the server never got the user's answer.
func TestStreamBrokeSparesAQuestionOfTheNewStream(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	call := s.request("1", "tools/call", "confirm", `{"name":"confirm"}`)
	ask := func(id string, conn int) int64 {
		return s.add(mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassServerRequest,
			ID: id, Method: "elicitation/create", Conn: conn, Raw: mcp.Raw(`{"jsonrpc":"2.0","id":` + id + `,"method":"elicitation/create","params":{}}`)}})
	}
	old, fresh := ask("7", 1), ask("8", 2)
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	m.opts.Answers = NewAnswerer()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	question := func(seq int64) *Question {
		q := &Question{Req: mcp.InputRequest{Method: "elicitation/create", Params: json.RawMessage(formParams), Seq: seq}, ctx: ctx, reply: make(chan reply, 1)}
		m.Update(questionMsg{q})
		return q
	}
	q1, q2 := question(old), question(fresh)
	m.Update(sentMsg{label: "tools/call confirm", seqs: []int64{call},
		err: &mcp.WireError{Cause: mcp.CauseStreamEnded, Transport: mcp.TransportSSE, Purpose: mcp.PurposeStream, Message: "the stream ended"}})
	if why := m.askStreamGone(q1); why == "" {
		t.Errorf("the question of the broken stream is still answerable")
	}
	if why := m.askStreamGone(q2); why != "" {
		t.Errorf("the question of the new stream cannot be answered: %q", why)
	}
	press(m, "esc") // q1: not sent, its stream is gone
	press(m, "esc") // q2: declined, sent
	if r := answerOf(t, q2); errors.Is(r.err, errStreamGone) {
		t.Errorf("the new stream's question was answered %v, as if its stream had broken", r.err)
	}
}
