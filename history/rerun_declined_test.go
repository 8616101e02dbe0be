package history

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// declining says no to every sampling request, as esc in the TUI does.
type declining struct{}

func (declining) Answer(context.Context, mcp.InputRequest) (json.RawMessage, error) {
	return nil, mcp.ErrDeclined
}

// A sampling request the user declined when recording is declined again
// in a re-run, answered the same -1 "User rejected sampling request": it
// was replayed as an error of another code (-32603, "answered with an
// error in the recording: …"), and a tool that says what came back
// answered differently.
func TestRerunDeclinesWhatWasDeclined(t *testing.T) {
	ctx := testCtx(t)
	srv := demotest.Start(t, demo.Options{})
	recs := recordSession(t, ctx, mcp.Config{URL: srv.MCPURL(), Answerer: declining{}}, func(s *mcp.Session) {
		if _, err := s.CallTool(ctx, "sample", json.RawMessage(`{"prompt":"hi"}`)); err != nil {
			t.Fatal(err)
		}
	})
	var declined bool
	for _, r := range recs {
		if r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Class == mcp.ClassReply && strings.Contains(string(r.RPC.Raw), `"code":-1,`) {
			declined = true
		}
	}
	if !declined {
		t.Fatal("the recording holds no sampling request declined with -1")
	}
	again := demotest.Start(t, demo.Options{})
	s := liveSession(t, ctx, mcp.Config{URL: again.MCPURL(), Answerer: openRecorded(t, recs).Answers()})
	defer s.Close()
	if sampled := rerunCalls(t, ctx, recs, s, "sample"); sampled != 1 {
		t.Errorf("the re-run called sample %d times, want 1", sampled)
	}
}

// A 2026 sampling request the user declined when recording (the call was
// not sent again: the revision has no answer that declines) is declined
// again in a re-run: the recording holds no answer to it, so the re-run
// declared no sampling at all, the demo's tool answered that the client
// cannot sample, and the call came out a result where it had been
// declined.
func TestRerunDeclinesWhatWasDeclinedIn2026(t *testing.T) {
	ctx := testCtx(t)
	srv := demotest.Start(t, demo.Options{})
	cfg := mcp.Config{URL: srv.StatelessURL(), Transport: mcp.TransportStateless, NoListen: true, Answerer: declining{}}
	recs := recordSession(t, ctx, cfg, func(s *mcp.Session) {
		if _, err := s.CallTool(ctx, "sample", json.RawMessage(`{"prompt":"hi"}`)); !errors.Is(err, mcp.ErrDeclined) {
			t.Fatalf("recording: tools/call = %v, want the decline", err)
		}
	})
	again := demotest.Start(t, demo.Options{})
	cfg.URL, cfg.Answerer = again.StatelessURL(), openRecorded(t, recs).Answers()
	s := liveSession(t, ctx, cfg)
	defer s.Close()
	if res, err := s.CallTool(ctx, "sample", json.RawMessage(`{"prompt":"hi"}`)); !errors.Is(err, mcp.ErrDeclined) {
		t.Errorf("re-run: tools/call = %v (%s), want it declined as recorded", err, res.Raw)
	}
}

// A 2026 question the user left unanswered when recording is left
// unanswered again in a re-run, at once, and the call ends saying so: the
// recording held no answer to it, and the re-run's call read "needs input
// that was not given", as if nobody could have answered.
func TestRerunLeavesUnansweredWhatWasLeftUnanswered(t *testing.T) {
	ctx := testCtx(t)
	srv := demotest.Start(t, demo.Options{})
	cfg := mcp.Config{URL: srv.StatelessURL(), Transport: mcp.TransportStateless, NoListen: true, Answerer: samplingThenUnanswered{}, RequestTimeout: 10 * time.Second}
	recs := recordSession(t, ctx, cfg, func(s *mcp.Session) {
		if _, err := s.CallTool(ctx, "confirm", json.RawMessage(`{"action":"deploy"}`)); !errors.Is(err, mcp.ErrUnanswered) {
			t.Fatalf("recording: tools/call = %v, want the question left unanswered", err)
		}
	})
	again := demotest.Start(t, demo.Options{})
	cfg.URL, cfg.Answerer, cfg.RequestTimeout = again.StatelessURL(), openRecorded(t, recs).Answers(), 0
	s := liveSession(t, ctx, cfg)
	defer s.Close()
	_, err := s.CallTool(ctx, "confirm", json.RawMessage(`{"action":"deploy"}`))
	if !errors.Is(err, mcp.ErrUnanswered) || !strings.Contains(err.Error(), "left unanswered elicitation/create") {
		t.Errorf("re-run: tools/call = %v, want the elicitation left unanswered as recorded", err)
	}
}
