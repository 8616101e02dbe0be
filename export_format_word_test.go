package main

import (
	"strings"
	"testing"
)

// export's help calls the default a Markdown transcript, and a reader
// types --format markdown: it was refused ("use md or json") with no word
// that md is that format. It writes the transcript --format md writes.
func TestExportTakesMarkdownForMd(t *testing.T) {
	rec := onlyRecording(t, oneSessionRecorded(t))
	md, errOut, code := run(t, "export", "--format", "md", rec)
	if code != exitOK {
		t.Fatalf("export --format md: exit %d: %s", code, errOut)
	}
	for _, word := range []string{"markdown", "Markdown"} {
		out, errOut, code := run(t, "export", "--format", word, rec)
		if code != exitOK || out != md {
			t.Errorf("export --format %s: exit %d, %s; want the transcript --format md writes", word, code, errOut)
		}
	}
}

// The flag's help said "md or json" where --format markdown is taken too
// (the long help and the README say so); its help and its refusal of a
// word it does not take name the same three.
func TestExportFormatHelpNamesMarkdown(t *testing.T) {
	out, errOut, code := run(t, "export", "--help")
	if code != exitOK {
		t.Fatalf("export --help: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, `--format string   md, markdown or json (default "md")`) {
		t.Errorf("export --help's --format line does not name md, markdown and json:\n%s", out)
	}
	_, errOut, code = run(t, "export", "--format", "html", "x.jsonl")
	if code != exitUsage || !strings.Contains(errOut, `--format "html": use md, markdown or json`) {
		t.Errorf("export --format html: exit %d, %s; want it to take md, markdown or json", code, errOut)
	}
}
