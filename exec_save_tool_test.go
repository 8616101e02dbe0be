package main

import (
	"bytes"
	"encoding/base64"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// toolAnswering starts a fake whose tools/call answers content, as
// server-everything's get-tiny-image and its gzip tool answer.
func toolAnswering(t *testing.T, content ...map[string]any) *mcptest.StreamableServer {
	t.Helper()
	return mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Result(map[string]any{"content": content})
	})
}

// filesIn are the names in dir, sorted.
func filesIn(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

var (
	pngBytes  = []byte("\x89PNG\r\n\x1a\nimage")
	wavBytes  = []byte("RIFF....WAVEfmt ")
	gzipBytes = []byte("\x1f\x8b\x08\x00gzip")
)

// --save took only a resources/read: a tool's image, audio or embedded
// resource (get-tiny-image, a gzip tool with outputType=resource) could
// not be saved at all. Each is written decoded, several numbered before the
// extension so none replaces another, under the user's name only: the
// resource's URI (here one climbing out of the directory) names no file.
func TestExecSaveWritesEachContentOfAToolResult(t *testing.T) {
	b64 := base64.StdEncoding.EncodeToString
	srv := toolAnswering(t,
		map[string]any{"type": "text", "text": "here they are"},
		map[string]any{"type": "image", "mimeType": "image/png", "data": b64(pngBytes)},
		map[string]any{"type": "audio", "mimeType": "audio/wav", "data": b64(wavBytes)},
		map[string]any{"type": "resource_link", "uri": "x://linked", "name": "linked"},
		map[string]any{"type": "resource", "resource": map[string]any{"uri": "file:///../../evil.gz", "mimeType": "application/gzip", "blob": b64(gzipBytes)}},
		map[string]any{"type": "resource", "resource": map[string]any{"uri": "x://notes", "mimeType": "text/plain", "text": "a note"}},
	)
	dir := t.TempDir()
	out, errOut, code := run(t, "exec", "--no-record", "--save", filepath.Join(dir, "out.bin"), srv.Endpoint(), "tools/call files")
	want := map[string][]byte{"out-1.bin": pngBytes, "out-2.bin": wavBytes, "out-3.bin": gzipBytes, "out-4.bin": []byte("a note")}
	if got := filesIn(t, dir); code != exitOK || !slices.Equal(got, []string{"out-1.bin", "out-2.bin", "out-3.bin", "out-4.bin"}) {
		t.Fatalf("exit %d, files %v, want the four contents numbered\n%s\n%s", code, got, out, errOut)
	}
	for name, data := range want {
		if got, _ := os.ReadFile(filepath.Join(dir, name)); !bytes.Equal(got, data) {
			t.Errorf("%s holds %q, want %q", name, got, data)
		}
	}
	for _, line := range []string{
		"here they are\n",
		"saved 13 bytes of content[1] (image, image/png) to " + filepath.Join(dir, "out-1.bin") + "\n",
		"saved 8 bytes of content[4] (resource file:///../../evil.gz, application/gzip) to " + filepath.Join(dir, "out-3.bin") + "\n",
	} {
		if !strings.Contains(out, line) {
			t.Errorf("output lacks %q:\n%s", line, out)
		}
	}

	// An existing one of the set refuses it before any is written; --force
	// replaces them.
	if err := os.Remove(filepath.Join(dir, "out-1.bin")); err != nil {
		t.Fatal(err)
	}
	out, _, code = run(t, "exec", "--no-record", "--save", filepath.Join(dir, "out.bin"), srv.Endpoint(), "tools/call files")
	if got := filesIn(t, dir); code != exitFailed || slices.Contains(got, "out-1.bin") || !strings.Contains(out, "out-2.bin: the file exists; pass --force to replace it") {
		t.Errorf("over existing files: exit %d, files %v\n%s", code, got, out)
	}
	if _, errOut, code := run(t, "exec", "--no-record", "--force", "--save", filepath.Join(dir, "out.bin"), srv.Endpoint(), "tools/call files"); code != exitOK || len(filesIn(t, dir)) != 4 {
		t.Errorf("--force: exit %d, files %v: %s", code, filesIn(t, dir), errOut)
	}

	// With --json the records are the output, and the files are written too.
	jsonDir := t.TempDir()
	out, errOut, code = run(t, "exec", "--no-record", "--json", "--save", filepath.Join(jsonDir, "x"), srv.Endpoint(), "tools/call files")
	if got := filesIn(t, jsonDir); code != exitOK || !slices.Equal(got, []string{"x-1", "x-2", "x-3", "x-4"}) || !strings.Contains(out, `"kind":"sent"`) {
		t.Errorf("--json: exit %d, files %v\n%s", code, got, errOut)
	}
}

// One image is written to the name given, as a resources/read's one
// content is; a result with nothing to save says so and fails; a call
// beside a read, or two calls, are refused before anything is sent.
func TestExecSaveOfOneImageAndOfNothing(t *testing.T) {
	srv := toolAnswering(t, map[string]any{"type": "image", "mimeType": "image/png", "data": base64.StdEncoding.EncodeToString(pngBytes)})
	path := filepath.Join(t.TempDir(), "tiny.png")
	out, errOut, code := run(t, "exec", "--no-record", "--save", path, srv.Endpoint(), "tools/call get-tiny-image")
	if got, _ := os.ReadFile(path); code != exitOK || !bytes.Equal(got, pngBytes) || !strings.Contains(out, "to "+path+"\n") {
		t.Errorf("exit %d, file %q\n%s\n%s", code, got, out, errOut)
	}

	text := toolAnswering(t, map[string]any{"type": "text", "text": "hi"})
	empty := filepath.Join(t.TempDir(), "none")
	out, _, code = run(t, "exec", "--no-record", "--save", empty, text.Endpoint(), "tools/call greet")
	if _, err := os.Stat(empty); code != exitFailed || err == nil || !strings.Contains(out, "error: --save: the tools/call result holds no image, audio or embedded resource to save") {
		t.Errorf("nothing to save: exit %d, file made %v\n%s", code, err == nil, out)
	}

	for _, cmds := range [][]string{{"tools/call a", "tools/call b"}, {"read x://a", "tools/call a"}} {
		if _, errOut, code := run(t, append([]string{"exec", "--no-record", "--save", path, srv.Endpoint()}, cmds...)...); code != exitUsage || !strings.Contains(errOut, "read a resource or call a tool: give exactly one") {
			t.Errorf("%v: exit %d, want 2: %s", cmds, code, errOut)
		}
	}
}

// A result of more images than --save writes files for saves none of
// them: a server must not make a user's directory hold thousands.
func TestExecSaveOfTooManyContentsWritesNone(t *testing.T) {
	img := map[string]any{"type": "image", "mimeType": "image/png", "data": base64.StdEncoding.EncodeToString(pngBytes)}
	content := make([]map[string]any, maxSavedFiles+1)
	for i := range content {
		content[i] = img
	}
	srv := toolAnswering(t, content...)
	dir := t.TempDir()
	out, _, code := run(t, "exec", "--no-record", "--save", filepath.Join(dir, "img.png"), srv.Endpoint(), "tools/call many")
	if got := filesIn(t, dir); code != exitFailed || len(got) != 0 || !strings.Contains(out, "the result holds 101 contents to save, past the 100 files --save writes; nothing was saved") {
		t.Errorf("exit %d, files %d\n%s", code, len(got), out)
	}
}

// A tool's image, audio or embedded blob said only its size, where a
// resources/read's blob says "(--save FILE writes it)": nothing told the
// user the call's contents could be saved too. With --save the hint
// gives way to what was saved.
func TestExecToolBinaryContentSaysSaveWritesIt(t *testing.T) {
	b64 := base64.StdEncoding.EncodeToString
	srv := toolAnswering(t,
		map[string]any{"type": "image", "mimeType": "image/png", "data": b64(pngBytes)},
		map[string]any{"type": "audio", "mimeType": "audio/wav", "data": b64(wavBytes)},
		map[string]any{"type": "resource", "resource": map[string]any{"uri": "x://z.gz", "mimeType": "application/gzip", "blob": b64(gzipBytes)}},
		map[string]any{"type": "resource", "resource": map[string]any{"uri": "x://notes", "text": "a note"}},
	)
	execShows(t, exitOK, "── tools/call files\n"+
		"[image image/png, 13 bytes] (--save FILE writes it)\n"+
		"[audio audio/wav, 16 bytes] (--save FILE writes it)\n"+
		"[resource x://z.gz (application/gzip), 8 bytes] (--save FILE writes it)\n"+
		"[resource x://notes]\na note\n",
		"exec", "--no-record", srv.Endpoint(), "tools/call files")

	out, errOut, code := run(t, "exec", "--no-record", "--save", filepath.Join(t.TempDir(), "out"), srv.Endpoint(), "tools/call files")
	if code != exitOK || strings.Contains(out, "--save FILE") || !strings.Contains(out, "[image image/png, 13 bytes]\n") {
		t.Errorf("with --save: exit %d, want the lines without the hint:\n%s\n%s", code, out, errOut)
	}
}
