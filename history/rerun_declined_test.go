package history

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

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
