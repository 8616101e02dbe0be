package main

import (
	"encoding/json"
	"io"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// jsonReport writes replay --against --json's report a result at a time,
// as each is judged, rather than holding every result to encode them at
// the end: a re-run of 100,000 requests held them all. What it writes is
// what encoding the whole report at once, indented by two, wrote: the
// recording, the server, the results, whether all were the same, and the
// recording's warnings when it has any. What was not re-sent (skipped)
// follows "same", where encoding the whole put it.
type jsonReport struct {
	w                  io.Writer
	recording, against string
	started            bool // the report's head and its first result are written
}

func newJSONReport(w io.Writer, recording, against string) *jsonReport {
	return &jsonReport{w: w, recording: recording, against: against}
}

// add writes r as the next of the results.
func (j *jsonReport) add(r history.RerunResult) {
	b, _ := json.MarshalIndent(r, "    ", "  ")
	if !j.started {
		j.head()
		j.write([]byte("[\n    "))
		j.started = true
	} else {
		j.write([]byte(",\n    "))
	}
	j.write(b)
}

// end writes what follows the results, and ends the report: skipped are
// the recorded requests not re-sent, which mcpscope sessions counts, so a
// script comparing the results with its REQS finds them said.
func (j *jsonReport) end(same bool, skipped history.NotResent, warnings []string) {
	if j.started {
		j.write([]byte("\n  ]"))
	} else {
		j.head()
		j.write([]byte("null"))
	}
	tail, _ := json.Marshal(same)
	tail = append([]byte(",\n  \"same\": "), tail...)
	if skipped != (history.NotResent{}) {
		s, _ := json.MarshalIndent(skipped, "  ", "  ")
		tail = append(append(tail, ",\n  \"skipped\": "...), s...)
	}
	if len(warnings) > 0 {
		// What is wrong with the recording (cut short, damaged lines)
		// belongs with the results it explains, not only on a stderr a
		// CI job may not keep.
		w, _ := json.MarshalIndent(warnings, "  ", "  ")
		tail = append(append(tail, ",\n  \"warnings\": "...), w...)
	}
	j.write(append(tail, "\n}\n"...))
}

// head writes the report's opening, up to its results.
func (j *jsonReport) head() {
	against, _ := json.Marshal(j.against)
	recording, _ := json.Marshal(j.recording)
	b := append([]byte("{\n  \"against\": "), against...)
	b = append(append(b, ",\n  \"recording\": "...), recording...)
	j.write(append(b, ",\n  \"results\": "...))
}

// write writes b, each piece whole JSON or JSON's punctuation. The results
// quote the server's answers: what would drive a terminal is escaped,
// keeping the JSON's value.
func (j *jsonReport) write(b []byte) { _, _ = j.w.Write(sanitize.JSON(b)) }
