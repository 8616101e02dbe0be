package ui

import (
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// alikeAttempts is why detection found no transport, said once when every
// probe met the same verdict at one URL: "POST server/discover, POST
// initialize and GET: no answer in time", where the reason walked the
// three probes and said the verdict three times (against a server that
// never answers, four rows of 80 columns on the status line). url is the
// URL every probe went to; "" and "" when the probes differ, and the
// reason is said as it was. counted says it in fewer words: "no answer
// in time to any of 3 probes".
func alikeAttempts(d *mcp.Detection) (named, counted, url string) {
	if d == nil || d.Transport != "" || d.Forced || len(d.Untried) > 0 || len(d.Attempts) < 2 {
		return "", "", ""
	}
	first := d.Attempts[0]
	verdict := first.Verdict
	if verdict == "" || strings.HasPrefix(verdict, "failed: ") {
		return "", "", ""
	}
	names := make([]string, len(d.Attempts))
	for i, a := range d.Attempts {
		// A status is said on the probe's own line ("failed" in the
		// reason): only probes that got none are alike in a word.
		if a.Verdict != verdict || a.URL != first.URL || a.Status != 0 || a.HandshakeRefused() {
			return "", "", ""
		}
		names[i] = strings.TrimSuffix(a.Label(), " "+a.URL)
	}
	last := len(names) - 1
	named = strings.Join(names[:last], ", ") + " and " + names[last] + ": " + verdict
	return named, verdict + " to any of " + strconv.Itoa(len(names)) + " probes", first.URL
}
