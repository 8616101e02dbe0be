package main

import (
	"strconv"
	"strings"
	"testing"
)

// TestAnswerWithoutAnAnswerIsAUsageError: '--answer bogus' names something
// but answers nothing; exec used to run the commands and exit 0 without a
// word, so the user never learned the flag did nothing.
func TestAnswerWithoutAnAnswerIsAUsageError(t *testing.T) {
	stateDir(t)
	for _, value := range []string{"bogus", "elicitation", "sampling  "} {
		_, errOut, code := run(t, "exec", "--no-record", "--answer", value, "http://127.0.0.1:9501", "ping")
		if code != exitUsage {
			t.Errorf("--answer %q: exit %d %q, want %d", value, code, errOut, exitUsage)
		}
		for _, w := range []string{"--answer " + strconv.Quote(value) + " names what it answers but gives no answer", "--answer 'elicitation accept name=Ann'", "--answer 'sampling The reply'"} {
			if !strings.Contains(errOut, w) {
				t.Errorf("--answer %q: %q does not say %q", value, errOut, w)
			}
		}
	}
}
