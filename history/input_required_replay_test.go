package history

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A recording does not hold whether an answer asks for input (the session
// reads that once, as the answer comes): its replay reads it back from the
// answer's bytes as the session did, so a replayed tools/call that asked
// reads "input" as the live row did, however deep the question nests and
// however its resultType is escaped, and one that only mentions the words
// reads answered.
func TestReplayedAnswerAsksForInputAsTheSessionReadIt(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	for _, tc := range []struct {
		name, answer string
		want         PairState
	}{
		{"deep question", `{"jsonrpc":"2.0","id":3,"result":{"resultType":"input_required","inputRequests":{"a":{"method":"elicitation/create","params":{"x":` + deep + `}}}}}`, StateInput},
		{"escaped", `{"jsonrpc":"2.0","id":3,"result":{"resultType":"input\u005frequired","inputRequests":{}}}`, StateInput},
		{"said twice, last counts", `{"jsonrpc":"2.0","id":3,"result":{"resultType":"input_required","resultType":"complete","content":[]}}`, StateOK},
		{"only the words", `{"jsonrpc":"2.0","id":3,"result":{"resultType":"complete","content":[{"type":"text","text":"input_required"}],"x":` + deep + `}}`, StateOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			call := replayedCall(t, tc.answer)
			if call.State != tc.want {
				t.Errorf("replayed row: state %s, want %s", call.State, tc.want)
			}
		})
	}
}

// A live stateless session's rounds read "input" on their rows, and the
// same rows replayed from its recording read the same: the session notes
// the fact as each answer comes, and the recording's reader notes it again.
func TestInputRoundsReadTheSameLiveAndReplayed(t *testing.T) {
	recs := tripRecords(t)
	// Filed as the TUI files them when they come.
	live := NewLog()
	t.Cleanup(func() { live.Close() })
	live.Append(recs...)

	p := loaded(t, record(t, recs, RecordOptions{}))
	replayed := p.NewLog()
	t.Cleanup(func() { replayed.Close() })
	playAll(t, p, replayed)
	want := []PairState{StateInput, StateInput, StateOK}
	for name, l := range map[string]*Log{"live": live, "replayed": replayed} {
		var got []PairState
		for i := range l.PairCount() {
			if p := l.Pair(i); p.Tool == "trip" {
				got = append(got, p.State)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s trip rounds read %v, want %v", name, got, want)
		}
	}
}

// tripRecords are the records of a stateless session whose tools/call
// trip asks for input twice (an elicitation, then a sample) and goes
// again each time: three rounds, the last answered ok.
func tripRecords(t *testing.T) []mcp.Record {
	t.Helper()
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	ctx := testCtx(t)
	return recordSession(t, ctx, mcp.Config{URL: srv.URL, Answerer: fixedAnswers{
		"elicitation/create":     `{"action":"accept","content":{"name":"Ada"}}`,
		"sampling/createMessage": `{"role":"assistant","content":{"type":"text","text":"ok"},"model":"m"}`,
	}}, func(s *mcp.Session) {
		if _, err := s.CallTool(ctx, "trip", []byte(`{}`)); err != nil {
			t.Fatal(err)
		}
	})
}
