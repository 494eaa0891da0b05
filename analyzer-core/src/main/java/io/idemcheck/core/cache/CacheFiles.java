package io.idemcheck.core.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** How the analysis cache file is replaced on disk: through its symbolic link, with its mode and owner kept. */
final class CacheFiles {

    private CacheFiles() {
    }

    /**
     * The file a cache path names: {@code file} itself, or the file its symbolic link (chain, at most 40 links: the
     * kernel's own limit) points to, which need not exist yet.
     *
     * @throws IOException when a link cannot be read
     */
    static Path linkTarget(Path file) throws IOException {
        Path target = file;
        for (int hops = 0; Files.isSymbolicLink(target) && hops < 40; hops++) {
            target = target.toAbsolutePath().resolveSibling(Files.readSymbolicLink(target));
        }
        return target;
    }

    /**
     * Gives {@code tmp} the POSIX permissions, owner and group of the cache file it replaces, when there is one and
     * the file system and this user's rights allow (a user may only give away what it owns: an owner it cannot set is
     * left as it is, never an error).
     */
    static void keepAttributes(Path existing, Path tmp) {
        if (!Files.exists(existing)) {
            return;
        }
        try {
            java.nio.file.attribute.PosixFileAttributes a = Files.readAttributes(existing,
                    java.nio.file.attribute.PosixFileAttributes.class);
            Files.setPosixFilePermissions(tmp, a.permissions());
            try {
                Files.setAttribute(tmp, "posix:group", a.group());
                Files.setOwner(tmp, a.owner());
            } catch (IOException | SecurityException e) {
                // not ours to give: the new file keeps this user's ownership
            }
        } catch (IOException | UnsupportedOperationException e) {
            // no POSIX attributes here (Windows): the new file has the default ones
        }
    }

    /**
     * A new empty file {@code name.<random>.tmp} in {@code dir}, created as any new file (its permissions from the
     * user's umask, as the cache file would get: a temporary file's owner-only mode would make a cache restored for
     * another user in CI unreadable).
     */
    static Path createSibling(Path dir, String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve(name + "." + Long.toHexString(java.util.concurrent.ThreadLocalRandom.current()
                    .nextLong() & Long.MAX_VALUE) + ".tmp");
            try {
                return Files.createFile(tmp);
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt >= 10) {
                    throw e;
                }
            }
        }
    }
}
