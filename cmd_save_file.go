package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcpscope/mcpscope/internal/atomicfile"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// writeSaved writes what --save saves to path, with atomicfile's policy:
// a write that fails (the disk is full, a file size limit) must not leave
// a cut file that looks like the resource, nor empty the file --force was
// to replace. Only what is no regular file (a device, a link written
// through) is left as it came, cut.
func writeSaved(path string, data []byte, force bool) error {
	f, err := atomicfile.Create(path, force)
	if errors.Is(err, os.ErrExist) {
		return savedExists(path)
	}
	if err != nil {
		return outputError("--save", path, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Commit()
	}
	if errors.Is(err, os.ErrExist) && !force {
		// Made under the name while this one was written: the link refused it.
		f.Abort()
		return savedExists(path)
	}
	if err != nil {
		switch f.Abort() {
		case atomicfile.Kept:
			return fmt.Errorf("--save %s: writing %d bytes failed, the file keeps what it held: %w", path, len(data), err)
		case atomicfile.Removed:
			return fmt.Errorf("--save %s: writing %d bytes failed, nothing was saved: %w", path, len(data), err)
		case atomicfile.Dropped:
			return fmt.Errorf("--save %s: writing %d bytes failed, the file was written in place (no file can be made beside it) and the incomplete one removed: %w", path, len(data), err)
		}
		return fmt.Errorf("--save %s: writing %d bytes failed, what it received is incomplete: %w", path, len(data), err)
	}
	return nil
}

// savedExists is --save's refusal of a file that is there, without --force.
func savedExists(path string) error {
	return fmt.Errorf("--save %s: the file exists; pass --force to replace it", path)
}

// savable is one content --save writes: what it is, for the line that
// says where it went ("" for a resources/read's one content, which the
// command names), and its bytes, decoded only when written.
type savable struct {
	what  string
	bytes func() ([]byte, error)
}

// maxSavedFiles bounds the files one --save writes: each image of a tool
// result is a file, and a server's result may hold thousands. Each is
// bounded by the answer it came in (the session's MaxEventSize).
const maxSavedFiles = 100

// saveContents writes items, the one implementation of --save: one to
// path, several each to path numbered before its extension (out-1.png,
// out-2.png), so that none replaces another. The names are the user's
// path and a number, never a name or URI the server gave. Each file is
// checked before any is written: one that exists, without force, refuses
// the lot rather than leaving half a set. A content that cannot be
// written costs itself; the others are still written.
func (p *printer) saveContents(items []savable, path string, force bool) error {
	if len(items) > maxSavedFiles {
		return fmt.Errorf("--save %s: the result holds %d contents to save, past the %d files --save writes; nothing was saved", path, len(items), maxSavedFiles)
	}
	paths := make([]string, len(items))
	for i := range items {
		paths[i] = path
		if len(items) > 1 {
			paths[i] = numberedPath(path, i+1)
		}
		if _, err := os.Lstat(paths[i]); err == nil && !force {
			return savedExists(paths[i])
		}
	}
	var errs []error
	for i, it := range items {
		data, err := it.bytes()
		if err == nil {
			err = writeSaved(paths[i], data, force)
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		of := ""
		if it.what != "" {
			of = " of " + it.what
		}
		fmt.Fprintf(p.w, "saved %d bytes%s to %s\n", len(data), of, paths[i])
	}
	return errors.Join(errs...)
}

// numberedPath is path with "-n" before its extension: out.png is
// out-2.png, a name with no extension (or a dot file) takes it at its end.
func numberedPath(path string, n int) string {
	dir, base := filepath.Split(path)
	ext := filepath.Ext(base)
	if ext == base {
		ext = ""
	}
	return fmt.Sprintf("%s%s-%d%s", dir, strings.TrimSuffix(base, ext), n, ext)
}

// toolSavables are the contents of a tools/call result --save writes:
// each image's and audio's data decoded, and each embedded resource as a
// resources/read's is written (its blob decoded, or its text). A text
// block is printed, and a resource link is a URI to read with
// resources/read: neither is a file's contents.
func toolSavables(result json.RawMessage) ([]savable, error) {
	var r struct {
		Content []contentItem `json:"content"`
	}
	if err := json.Unmarshal(result, &r); err != nil {
		return nil, fmt.Errorf("--save: the tools/call result is not readable: %v", err)
	}
	var items []savable
	for i := range r.Content {
		c := &r.Content[i]
		var res command.Contents
		switch {
		case c.unreadable != "":
			continue
		case c.Type == "image" || c.Type == "audio":
			res = command.Contents{URI: fmt.Sprintf("content[%d]", i), MimeType: c.MimeType, Blob: &c.Data}
		case c.Type == "resource" && c.Resource != nil && (c.Resource.Blob != nil || c.Resource.Text != nil):
			res = *c.Resource
		default:
			continue
		}
		what := fmt.Sprintf("content[%d] (%s", i, c.Type)
		if c.Type == "resource" {
			what += " " + clip.Quote(res.URI, 128)
		}
		if res.MimeType != "" {
			what += ", " + command.MimeTypeShown(res.MimeType)
		}
		items = append(items, savable{what: sanitize.Line(what + ")"), bytes: res.Bytes})
	}
	if len(items) == 0 {
		return nil, errors.New("--save: the tools/call result holds no image, audio or embedded resource to save (text is printed, a resource link is read with resources/read)")
	}
	return items, nil
}

// saves reports whether --save writes what method's answer gave.
func saves(method string) bool { return method == "resources/read" || method == "tools/call" }

// saveResult writes what --save takes of an answer to method: a
// resources/read's one content, or a tool result's images, audio and
// embedded resources.
func (p *printer) saveResult(method string, result json.RawMessage) error {
	if method != "tools/call" {
		return p.save(result, p.savePath, p.force)
	}
	items, err := toolSavables(result)
	if err != nil {
		return err
	}
	return p.saveContents(items, p.savePath, p.force)
}
