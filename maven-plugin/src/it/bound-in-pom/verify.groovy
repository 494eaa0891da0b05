import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// ran in the verify phase, after the jar was packaged
assert log.indexOf('maven-jar-plugin') >= 0
assert log.indexOf('idemcheck-maven-plugin:') > log.indexOf('maven-jar-plugin')
assert log.contains('idemcheck-maven-plugin:' ) && log.contains(':check (default) @ bound-in-pom')
def dir = new File(basedir, 'target/idemcheck')
def sarif = new JsonSlurper().parse(new File(dir, 'idemcheck.sarif'))
// the copy under generated/ is excluded by the pom's <excludes>
assert sarif.runs[0].results.findAll { it.level != 'note' }.collect { it.locations[0].physicalLocation.artifactLocation.uri } ==
        ['src/main/java/com/acme/SeedJob.java']
assert new File(dir, 'idemcheck.json').isFile()
assert !new File(dir, 'idemcheck.txt').exists()
assert log.contains('BUILD FAILURE')
return true
