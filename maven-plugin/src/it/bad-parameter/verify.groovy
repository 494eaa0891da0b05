def log = new File(basedir, 'build.log').text
assert log.contains("idemcheck: failOnSeverity: unknown value 'bogus' (expected error, warning or note)")
assert log.contains("idemcheck: formats: unknown value 'pdf' (expected text, json or sarif)")
assert log.contains("idemcheck: threads: must be 0 to 32767 (0: one per core), was 32768")
assert log.contains("idemcheck: cacheFile: '" + new File(basedir, 'src').path + "' is a directory; give a file (or -Didemcheck.cache=false)")
assert log.contains("idemcheck: cacheFile: '" + new File(basedir, 'target/idemcheck/idemcheck.sarif').path + "' is also the sarif report; give the cache a file of its own")
assert log.contains('MojoExecutionException')
assert !log.contains('MojoFailureException')
assert !new File(basedir, 'target/idemcheck').exists()   // rejected before anything ran
return true
