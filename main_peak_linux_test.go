package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// peakAnswer is the size of the answer TestExecLargeAnswerPeak asks for.
const peakAnswer = 60 << 20

// A large answer is held a small constant number of times: exec of a 60 MiB
// answer, in a process of its own (this test binary run again, its output
// discarded) against the demo gateway in this one, peaks under 5 times the
// answer's size in RSS, on a response stream (/mcp) and on the legacy stream
// that stays open (/sse). What is live at once is about 4 times: the event's
// bytes and go-sse's three copies while it parses them (its buffer, its text
// of the event, and the data it builds). It was 5.6 (/mcp) and 8.8 (/sse).
func TestExecLargeAnswerPeak(t *testing.T) {
	if url := os.Getenv("MCPSCOPE_TEST_PEAK_EXEC"); url != "" {
		cmds, err := parseCommands([]string{"tools/call big bytes=" + strconv.Itoa(peakAnswer)})
		if err != nil {
			t.Fatal(err)
		}
		cf := connFlags{transport: mcp.TransportAuto, timeout: 60e9, endpointTimeout: 10e9, maxEventSize: 64 << 20}
		if err := runExec(context.Background(), io.Discard, io.Discard, url, cmds, &cf, &recordFlags{off: true}, &execFlags{}); err != nil {
			t.Fatal(err)
		}
		// VmHWM is this process's own peak. The rusage its parent reads
		// is not: Linux counts in it the parent's resident size when the
		// child started, which serving an answer as large has just grown.
		status, err := os.ReadFile("/proc/self/status")
		if err != nil {
			t.Skip(err)
		}
		for _, line := range strings.Split(string(status), "\n") {
			if kb, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				fmt.Printf("\npeak %s\n", strings.TrimSpace(strings.TrimSuffix(kb, "kB")))
			}
		}
		os.Exit(0)
	}
	if testing.Short() || raceEnabled {
		t.Skip("runs two large answers and measures the memory they take, which the race detector changes")
	}
	base := demotest.Start(t, demo.Options{}).URL
	for _, path := range []string{"/mcp", "/sse"} {
		// The lower of two runs: on a loaded machine the collector's
		// workers fall behind and one run can peak a copy's worth higher
		// (327 MiB seen beside seven busy test processes), which says
		// nothing of how often the answer is held; a copy held too many
		// is there in every run.
		peak := peakOfExec(t, base+path)
		if limit := int64(peakAnswer) * 5; peak > limit {
			if again := peakOfExec(t, base+path); again < peak {
				peak = again
			}
		}
		if limit := int64(peakAnswer) * 5; peak > limit {
			t.Errorf("%s: a %d MiB answer peaked at %d MiB RSS in both of two runs, want under %d MiB", path, peakAnswer>>20, peak>>20, limit>>20)
		} else {
			t.Logf("%s: a %d MiB answer peaked at %d MiB RSS (%.1fx)", path, peakAnswer>>20, peak>>20, float64(peak)/peakAnswer)
		}
	}
}

// peakOfExec runs this test binary again as exec against url and returns
// its peak RSS in bytes; it skips the test where the child cannot say it.
func peakOfExec(t *testing.T, url string) int64 {
	t.Helper()
	child := exec.Command(os.Args[0], "-test.run=^TestExecLargeAnswerPeak$")
	child.Env = childEnv(t, "MCPSCOPE_TEST_PEAK_EXEC="+url)
	out, err := child.Output()
	if err != nil {
		t.Fatalf("%s: the child: %v\n%s", url, err, out)
	}
	_, kb, ok := strings.Cut(string(out), "\npeak ")
	kib, err := strconv.ParseInt(strings.TrimSpace(kb), 10, 64)
	if !ok || err != nil {
		t.Skipf("%s: the child did not say its peak (no /proc here?): %q", url, out)
	}
	return kib << 10
}
