package history

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

type fixedAnswers map[string]string

func (a fixedAnswers) Answer(_ context.Context, r mcp.InputRequest) (json.RawMessage, error) {
	if res, ok := a[r.Method]; ok {
		return json.RawMessage(res), nil
	}
	return nil, mcp.ErrNoAnswer
}

// A stateless session's Log shows what was discovered, the rounds of a
// multi round-trip request linked as one chain, and progress on a request.
func TestLogOfAStatelessSession(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	l := logOf(t, mcp.Config{URL: srv.URL, Roots: []mcp.Root{{URI: "file:///r"}}, Answerer: fixedAnswers{
		"elicitation/create":     `{"action":"accept","content":{"name":"Ada"}}`,
		"sampling/createMessage": `{"role":"assistant","content":{"type":"text","text":"ok"},"model":"m"}`,
	}}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.CallTool(ctx, "trip", []byte(`{}`)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CallTool(ctx, "steps", []byte(`{"n":3}`)); err != nil {
			t.Fatal(err)
		}
	})

	n := l.Negotiation()
	if len(n.SupportedVersions) == 0 || n.ProtocolVersion != mcp.ProtocolModern || n.Transport != mcp.TransportStateless || n.Listen == "" && n.ServerName == "" {
		t.Errorf("negotiation %+v, want what server/discover said", n)
	}
	var trip []*Pair
	var steps *Pair
	for i := 0; i < l.PairCount(); i++ {
		p := l.Pair(i)
		switch {
		case p.Tool == "trip":
			trip = append(trip, p)
		case p.Tool == "steps":
			steps = p
		}
	}
	if len(trip) != 3 || trip[0].State != StateInput || trip[1].State != StateInput || trip[2].State != StateOK ||
		trip[1].Chain != trip[0].Request.Seq || trip[2].Round != 3 {
		for _, p := range trip {
			t.Logf("round %d chain %d state %s", p.Round, p.Chain, p.State)
		}
		t.Errorf("trip rounds: want input, input, ok, linked to the first as rounds 1 to 3")
	}
	if steps == nil || steps.Progress != 3 || steps.Notifications != 3 {
		t.Errorf("steps %+v, want its progress kept and its 3 notifications counted on its row", steps)
	}
	for i := 0; i < l.PairCount(); i++ {
		if p := l.Pair(i); p.Method == "notifications/progress" {
			t.Errorf("row %d is a notifications/progress; want it folded into its request's row", i)
		}
	}
}

// A 2025 session's result that says input_required is shown as the answer
// it is, as the session took it: not a round waiting for input.
func TestLogOf2025InputRequiredIsAnAnswer(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","inputRequests":{"r":{"method":"roots/list"}},"content":[]}}`)
	})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoListen: true}, func(ctx context.Context, s *mcp.Session) {
		initialize(t, ctx, s)
		if _, err := s.CallTool(ctx, "anything", []byte(`{}`)); err != nil {
			t.Fatal(err)
		}
	})
	for i := 0; i < l.PairCount(); i++ {
		if p := l.Pair(i); p.Method == "tools/call" && p.State != StateOK {
			t.Errorf("the 2025 tools/call shows %s, want ok: the session took its result as the answer", p.State)
		}
	}
}
