import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardCopyOption

// Copy the sample's sources (samplesDir is set in the plugin's pom) and make this folder the top of a "git work
// tree", so report paths are relative to it, as the CLI's are with --source-root samples/noon-batch.
Path from = new File(samplesDir, 'src').toPath()
Path to = new File(basedir, 'src').toPath()
Files.walk(from).withCloseable { stream ->
    stream.forEach { Path p ->
        Path target = to.resolve(from.relativize(p).toString())
        if (Files.isDirectory(p)) {
            Files.createDirectories(target)
        } else {
            Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING)
        }
    }
}
new File(basedir, '.git').mkdirs()
return true
