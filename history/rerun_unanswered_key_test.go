package history

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// samplingThenUnanswered answers a sampling with text ("typed" when
// empty) and leaves an elicitation unanswered (mcp.ErrUnanswered, as a
// re-run leaves one). It said so once the session's RequestTimeout ran
// out, which the tests kept at 1s, and that bounded their every request
// too: one slower than 1s under -race on loaded cores failed the test.
type samplingThenUnanswered struct{ text string }

func (a samplingThenUnanswered) Answer(_ context.Context, req mcp.InputRequest) (json.RawMessage, error) {
	if req.Method == "sampling/createMessage" {
		text := cmp.Or(a.text, "typed")
		return json.RawMessage(`{"role":"assistant","content":{"type":"text","text":"` + text + `"},"model":"me"}`), nil
	}
	return nil, mcp.ErrUnanswered
}

// A 2026 round whose sampling was answered and whose form was left
// unanswered when recording is re-run as that: the sampling answered as
// recorded, the form left unanswered. The re-run marked every question of
// the round unanswered, and its call said "left unanswered" of the one the
// user had answered; then, the answer not being in any request (the round
// was not sent again), it said that one was "not given".
func TestRerunLeavesUnansweredOnlyTheQuestionLeftUnanswered(t *testing.T) {
	ctx := testCtx(t)
	asking := func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","requestState":"s","inputRequests":{` +
			`"ask":{"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object"}}},` +
			`"draft":{"method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":5}}}}}`)
	}
	srv := mcptest.StatelessOnMethod(t, "tools/call", asking)
	cfg := mcp.Config{URL: srv.URL, Transport: mcp.TransportStateless, NoListen: true, Answerer: samplingThenUnanswered{}, RequestTimeout: 10 * time.Second}
	recs := recordSession(t, ctx, cfg, func(s *mcp.Session) {
		if _, err := s.CallTool(ctx, "anything", json.RawMessage(`{}`)); !errors.Is(err, mcp.ErrUnanswered) || !strings.Contains(err.Error(), "left unanswered elicitation/create") {
			t.Fatalf("recording: tools/call = %v, want the form left unanswered", err)
		}
	})
	again := mcptest.StatelessOnMethod(t, "tools/call", asking)
	cfg.URL, cfg.Answerer, cfg.RequestTimeout = again.URL, openRecorded(t, recs).Answers(), 0
	s := liveSession(t, ctx, cfg)
	defer s.Close()
	_, err := s.CallTool(ctx, "anything", json.RawMessage(`{}`))
	// The sampling's answer was never sent (the round was not sent
	// again), but the round's record holds it: given again.
	want := "tools/call needs input that was not given: left unanswered elicitation/create; tools/call was not sent again"
	if err == nil || err.Error() != want {
		t.Errorf("re-run: tools/call = %v, want %q: the form left unanswered as recorded, the sampling answered as recorded", err, want)
	}
}

// An answer given in a 2026 round whose asking ended, kept on the round's
// error for a re-run, is redacted as the same answer sent in a request
// would be: a credential the user gave, pasted into it, is not in the
// recording. It was kept there in the clear.
func TestRecordingRedactsAnswersGivenInARoundLeftUnanswered(t *testing.T) {
	ctx := testCtx(t)
	const secret = "sk-live-0123456789"
	asking := func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","requestState":"s","inputRequests":{` +
			`"ask":{"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object"}}},` +
			`"draft":{"method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":5}}}}}`)
	}
	srv := mcptest.StatelessOnMethod(t, "tools/call", asking)
	cfg := mcp.Config{URL: srv.URL, Transport: mcp.TransportStateless, NoListen: true, Answerer: samplingThenUnanswered{text: "key " + secret}, RequestTimeout: 10 * time.Second}
	recs := recordSession(t, ctx, cfg, func(s *mcp.Session) {
		if _, err := s.CallTool(ctx, "anything", json.RawMessage(`{}`)); !errors.Is(err, mcp.ErrUnanswered) {
			t.Fatalf("recording: tools/call = %v, want the form left unanswered", err)
		}
	})
	path := record(t, recs, RecordOptions{Tokens: []string{secret}})
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), secret) {
		t.Errorf("the recording holds the credential the user gave, in the answer given before asking ended:\n%s", b)
	}
	f, err := OpenRerun(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	again := mcptest.StatelessOnMethod(t, "tools/call", asking)
	cfg.URL, cfg.Answerer, cfg.RequestTimeout = again.URL, f.Answers(), 0
	s := liveSession(t, ctx, cfg)
	defer s.Close()
	// The sampling is still given again, redacted, as a sent answer is.
	if _, err := s.CallTool(ctx, "anything", json.RawMessage(`{}`)); err == nil || strings.Contains(err.Error(), "draft") || strings.Contains(err.Error(), "sampling") {
		t.Errorf("re-run: tools/call = %v, want only the form left unanswered", err)
	}
}

// cancellingSampler answers a sampling with text and cancels the call as
// it does: ctrl+c pressed the moment the answer was given.
type cancellingSampler struct {
	cancel context.CancelFunc
	text   string
}

func (a cancellingSampler) Answer(ctx context.Context, req mcp.InputRequest) (json.RawMessage, error) {
	a.cancel()
	return json.RawMessage(`{"role":"assistant","content":{"type":"text","text":"` + a.text + `"},"model":"me"}`), nil
}

// A 2026 call cancelled as the user answered its sampling keeps the
// answer on the cancel's record, and a re-run gives it again: the re-run
// read it nowhere and said the input was not given.
func TestRerunGivesAgainAnAnswerGivenAsItsCallWasCancelled(t *testing.T) {
	ctx := testCtx(t)
	asking := func(x *mcptest.Exchange) {
		if strings.Contains(string(x.Params), `"inputResponses"`) {
			x.Result(map[string]any{"content": []any{map[string]any{"type": "text", "text": "given: " + string(x.Params)}}})
			return
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","requestState":"s","inputRequests":{` +
			`"draft":{"method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":5}}}}}`)
	}
	srv := mcptest.StatelessOnMethod(t, "tools/call", asking)
	callCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	cfg := mcp.Config{URL: srv.URL, Transport: mcp.TransportStateless, NoListen: true, Answerer: cancellingSampler{cancel: cancel, text: "drafted by hand"}}
	recs := recordSession(t, ctx, cfg, func(s *mcp.Session) {
		if _, err := s.CallTool(callCtx, "anything", json.RawMessage(`{}`)); !errors.Is(err, context.Canceled) {
			t.Fatalf("recording: tools/call = %v, want it cancelled", err)
		}
	})
	again := mcptest.StatelessOnMethod(t, "tools/call", asking)
	cfg.URL, cfg.Answerer = again.URL, openRecorded(t, recs).Answers()
	s := liveSession(t, ctx, cfg)
	defer s.Close()
	res, err := s.CallTool(ctx, "anything", json.RawMessage(`{}`))
	if err != nil || !strings.Contains(string(res.Raw), "drafted by hand") {
		t.Errorf("re-run: tools/call = %v, %v, want the sampling answered as it was given when recording", res, err)
	}
}
