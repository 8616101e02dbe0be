package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 answer whose resultType is none the revision knows fails its
// row; a recording with no error record beside it (edited, or made before
// the session logged one) exported "failed" and nothing of why, in
// Markdown and JSON alike. The export says what was wrong with it.
func TestExportSaysWhyAnUnknownResultTypeFailedItsRow(t *testing.T) {
	stateDir(t)
	srv := mcptest.StatelessOnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"complete","tools":[],"edited":"here"}}`)
	})
	rec := filepath.Join(t.TempDir(), "s.jsonl")
	if _, errOut, code := run(t, "exec", "--no-listen", "--record", rec, srv.Endpoint(), "tools/list"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	b, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	// Edited as a person would, to a resultType of the same length, so
	// the records that point into the answer's bytes still find them.
	lines := strings.Split(string(b), "\n")
	edited := 0
	for i, l := range lines {
		if strings.Contains(l, `edited\":\"here`) {
			lines[i] = strings.Replace(l, `resultType\":\"complete`, `resultType\":\"kompleet`, 1)
			edited++
		}
	}
	if edited == 0 {
		t.Fatalf("no line holds the answer to edit:\n%s", b)
	}
	if err := os.WriteFile(rec, []byte(strings.Join(lines, "\n")), 0o600); err != nil {
		t.Fatal(err)
	}
	const why = `tools/list answered resultType \"kompleet\", which is none of 2026-07-28's`
	md, errOut, code := run(t, "export", rec)
	if code != exitOK || !strings.Contains(md, "`tools/list`: failed") || !strings.Contains(md, "> **answer**: "+strings.ReplaceAll(why, `\"`, `"`)) {
		t.Errorf("the Markdown export does not say why tools/list failed (exit %d):\n%s\n%s", code, md, errOut)
	}
	js, errOut, code := run(t, "export", "--format", "json", rec)
	if code != exitOK || !strings.Contains(js, `"failure": "`+why) {
		t.Errorf("the JSON export does not say why tools/list failed (exit %d):\n%s\n%s", code, js, errOut)
	}
}
