package io.idemcheck.core.springconfig;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings of one {@code application*.yml|yaml|properties} file, in file order. A key set twice (two YAML
 * documents, profile sections) keeps every occurrence in {@link #entries()}; {@link #get(String)} answers the last.
 *
 * @param path    relative to the source root
 * @param profile the profile in the file name ("dev" for application-dev.yml), or "" for the default file
 * @param entries settings in file order
 */
public record ConfigFile(String path, String profile, List<ConfigEntry> entries) {

    public ConfigFile {
        entries = List.copyOf(entries);
    }

    /** The last entry whose canonical key equals {@code key}'s canonical form, or null. */
    public ConfigEntry get(String key) {
        String k = SpringConfig.canonical(key);
        ConfigEntry out = null;
        for (ConfigEntry e : entries) {
            if (e.canonicalKey().equals(k)) {
                out = e;
            }
        }
        return out;
    }

    /** The entries whose canonical key starts with {@code prefix}'s canonical form, by canonical key (last wins). */
    public Map<String, ConfigEntry> under(String prefix) {
        String p = SpringConfig.canonical(prefix);
        Map<String, ConfigEntry> out = new LinkedHashMap<>();
        for (ConfigEntry e : entries) {
            if (e.canonicalKey().startsWith(p)) {
                out.put(e.canonicalKey(), e);
            }
        }
        return out;
    }

    /** Entries whose canonical key matches a regular expression over canonical keys. */
    public List<ConfigEntry> matching(java.util.regex.Pattern canonicalKey) {
        List<ConfigEntry> out = new ArrayList<>();
        for (ConfigEntry e : entries) {
            if (canonicalKey.matcher(e.canonicalKey()).matches()) {
                out.add(e);
            }
        }
        return out;
    }
}
