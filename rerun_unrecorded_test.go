package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A recording cut short (mcpscope killed, the disk full) while an answer
// was being written holds the request but not its answer. Re-running it
// printed the whole live answer as a difference ("$: added"), as if the
// server had changed; it now says there was nothing to compare and why,
// with the live answer on one short line.
func TestRerunOfARequestWithNoRecordedAnswerSaysSo(t *testing.T) {
	stateDir(t)
	path, url := recordingCutInAnAnswer(t)
	out, errOut, code := run(t, "replay", path, "--against", url)
	if code != exitFailed {
		t.Errorf("exit %d, want %d: an answer that was not compared is no match", code, exitFailed)
	}
	if !strings.Contains(errOut, "cut short") {
		t.Errorf("stderr does not say the recording was cut short: %q", errOut)
	}
	for _, want := range []string{
		"unrecorded  tools/call greet",
		"no answer to it in the recording (it ended first): nothing to compare",
		`now: {"jsonrpc":"2.0"`,
		"1 unrecorded",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "$: added") {
		t.Errorf("the live answer is reported as a difference:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		// The two lines naming the sides hold paths of any length.
		if !strings.HasPrefix(line, "-") && !strings.HasPrefix(line, "+") && len([]rune(line)) > 80 {
			t.Errorf("line wider than 80 columns: %q", line)
		}
	}
}

// The JSON report of a re-run of a recording cut short says so beside the
// results it explains: a CI job keeps stdout, and the warning was only on
// stderr.
func TestRerunJSONReportCarriesTheRecordingsWarnings(t *testing.T) {
	stateDir(t)
	path, url := recordingCutInAnAnswer(t)
	out, errOut, _ := run(t, "replay", path, "--json", "--against", url)
	var report struct {
		Warnings []string `json:"warnings"`
		Results  []struct {
			Outcome string `json:"outcome"`
			Note    string `json:"note"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatalf("the report is not JSON: %v\n%s\n%s", err, out, errOut)
	}
	if len(report.Warnings) != 1 || !strings.Contains(report.Warnings[0], "is cut short") {
		t.Errorf("warnings %q, want the line that is cut short", report.Warnings)
	}
	if n := len(report.Results); n == 0 || report.Results[n-1].Outcome != "unrecorded" || report.Results[n-1].Note == "" {
		t.Errorf("results %+v, want the last unrecorded with its note", report.Results)
	}
}

// recordingCutInAnAnswer records a greet call to a demo gateway, cuts the
// recording in the middle of the greeting's answer, as a kill would, and
// returns its path and the gateway's endpoint to re-run it on (the gateway
// is closed when the test ends).
func recordingCutInAnAnswer(t *testing.T) (path, url string) {
	t.Helper()
	srv := demotest.Start(t, demo.Options{})
	path = filepath.Join(t.TempDir(), "cut.jsonl")
	if _, errOut, code := run(t, "exec", "--record", path, srv.MCPURL(), "tools/call greet name=Ann"); code != 0 {
		t.Fatalf("exec: exit %d, %s", code, errOut)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	at := bytes.Index(raw, []byte("Hello, Ann!"))
	if at < 0 {
		t.Fatalf("the recording holds no answer to greet:\n%s", raw)
	}
	if err := os.WriteFile(path, raw[:at], 0o600); err != nil {
		t.Fatal(err)
	}
	return path, srv.MCPURL()
}
