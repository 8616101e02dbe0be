package history

import (
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// progressMessageLimit bounds a progress message in ProgressWords, in
// bytes, as the TUI's Detail cuts it: the server chooses its length.
const progressMessageLimit = 256

// ProgressWords is the newest progress a request reported, in words: "3 of
// 4 (75%) · step 3 · 3 notifications", "" when none came. The
// notifications are folded into the request's row, so this is where a
// transcript says they came at all. Sanitized: the message is server text.
func (p *Pair) ProgressWords() string {
	if !p.reportedProgress() {
		return ""
	}
	s := FormatNumber(p.Progress)
	if p.Total > 0 {
		s += " of " + FormatNumber(p.Total) + " (" + Percent(p.Progress/p.Total) + ")"
	}
	if m := sanitize.Line(strings.Join(strings.Fields(p.ProgressMessage), " ")); m != "" {
		s += " · " + clip.Marked(m, progressMessageLimit)
	}
	if p.Notifications > 0 {
		s += " · " + strconv.Itoa(p.Notifications) + " notification"
		if p.Notifications != 1 {
			s += "s"
		}
	}
	return s
}

// Percent is a fraction of work done as a whole percentage, held to 0% and
// 100%: a server past its total is not 130% done.
func Percent(f float64) string {
	return strconv.Itoa(int(min(max(f, 0), 1)*100)) + "%"
}

// reportedProgress says whether any notifications/progress of the request
// came (ProgressWords is "" otherwise).
func (p *Pair) reportedProgress() bool {
	return p.Notifications > 0 || p.Progress != 0 || p.Total != 0 || p.ProgressMessage != ""
}
