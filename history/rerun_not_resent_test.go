package history

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A re-run's count says which recorded requests it did not re-send: the
// listing counted 5 requests of a session where the re-run said "4
// requests", with no word of detection's probe, or of mcpscope's own
// listen in a 2026 session.
func TestRerunCountSaysWhatItDidNotResend(t *testing.T) {
	ctx := testCtx(t)
	older := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	modern := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	for _, tc := range []struct {
		name, url, want string
		live            mcp.Config
		await           bool
	}{
		{"2025, after a refused probe", older.Endpoint(), "recorded but not sent again, as the re-run's own connection makes its own (mcpscope sessions counts them): 1 detection probe",
			mcp.Config{URL: older.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true}, false},
		{"2026, with its own listen", modern.Endpoint(), "recorded but not sent again, as the re-run's own connection makes its own (mcpscope sessions counts them): 1 listen of mcpscope's own",
			mcp.Config{URL: modern.Endpoint(), Transport: mcp.TransportStateless, NoListen: true}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			recs := recordSession(t, ctx, mcp.Config{URL: tc.url}, func(s *mcp.Session) {
				if tc.await {
					s.AwaitListen(ctx)
				}
				if _, err := s.CallTool(ctx, "echo", json.RawMessage(`{"text":"hi"}`)); err != nil {
					t.Fatal(err)
				}
			})
			path := record(t, recs, RecordOptions{})
			infos, err := List(filepath.Dir(path))
			if err != nil || len(infos) != 1 {
				t.Fatalf("List = %v, %v; want the one session", infos, err)
			}
			f, err := OpenRerun(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			live := liveSession(t, ctx, tc.live)
			defer live.Close()
			sum, err := f.Rerun(ctx, live, nil, RecordOptions{}, "", func(RerunResult) {})
			if err != nil {
				t.Fatal(err)
			}
			n := sum.NotResent()
			if got := sum.Counts(); !strings.Contains(strings.Join(strings.Fields(got), " "), tc.want) || sum.Len()+1 != infos[0].Requests || n.DetectionProbes+n.OwnListens != 1 {
				t.Errorf("re-ran %d of the %d requests mcpscope sessions lists, saying %q (for --json: %+v); want %q", sum.Len(), infos[0].Requests, got, n, tc.want)
			}
		})
	}
}
