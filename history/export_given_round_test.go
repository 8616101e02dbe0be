package history

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// roundEndedEarly records a 2026 round whose sampling was answered with
// draft and whose form was left unanswered, and loads it.
func roundEndedEarly(t *testing.T, draft string) (*Log, Header) {
	t.Helper()
	ctx := testCtx(t)
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","requestState":"s","inputRequests":{` +
			`"ask":{"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object"}}},` +
			`"draft":{"method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":5}}}}}`)
	})
	cfg := mcp.Config{URL: srv.URL, Transport: mcp.TransportStateless, NoListen: true, Answerer: samplingThenUnanswered{text: draft}, RequestTimeout: 10 * time.Second}
	recs := recordSession(t, ctx, cfg, func(s *mcp.Session) {
		if _, err := s.CallTool(ctx, "anything", json.RawMessage(`{}`)); !errors.Is(err, mcp.ErrUnanswered) {
			t.Fatalf("recording: tools/call = %v, want the form left unanswered", err)
		}
	})
	log, h, _, err := LoadLog(record(t, recs, RecordOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	return log, h
}

// A round's given answer of kilobytes is cut in the Markdown export as
// Detail cuts it, saying how long it was: one line held all of it.
func TestExportCutsALongGivenAnswer(t *testing.T) {
	log, h := roundEndedEarly(t, strings.Repeat("x", 8000))
	var md bytes.Buffer
	if err := ExportMarkdown(&md, h, log); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(md.String(), "\n") {
		if strings.HasPrefix(line, "> given") && (len(line) > 1200 || !strings.Contains(line, "bytes")) {
			t.Errorf("the Markdown export's given line is %d bytes, want it cut at 1 KiB saying its size: %.200s…", len(line), line)
		}
	}
}

// The export of a 2026 round whose sampling was answered and whose form
// was left unanswered shows, under its failure, the sampling's answer, as
// Detail does: the round was not sent again, so no exported message holds
// it, and the transcript lost what the user gave.
func TestExportShowsTheAnswersARoundEndedEarlyWasGiven(t *testing.T) {
	log, h := roundEndedEarly(t, "Ann's draft")
	var md bytes.Buffer
	if err := ExportMarkdown(&md, h, log); err != nil {
		t.Fatal(err)
	}
	if want := `> given "draft": {"role":"assistant"`; !strings.Contains(md.String(), want) || !strings.Contains(md.String(), "Ann's draft") {
		t.Errorf("the Markdown export lacks %q with the answer given:\n%s", want, md.String())
	}
	var js bytes.Buffer
	if err := ExportJSON(&js, h, log); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Pairs []struct {
			Method string
			Given  map[string]struct {
				Content struct{ Text string }
			}
		}
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatalf("the JSON export: %v\n%s", err, js.String())
	}
	for _, p := range doc.Pairs {
		if p.Method == "tools/call" {
			if got := p.Given["draft"].Content.Text; got != "Ann's draft" {
				t.Errorf("the JSON export's tools/call has given %+v, want the sampling's answer, Ann's draft", p.Given)
			}
			return
		}
	}
	t.Errorf("the JSON export has no tools/call:\n%s", js.String())
}
