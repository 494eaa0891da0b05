package demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PublishJobTest {
    PublishJob job = new PublishJob();

    @Test
    void runs() {
        job.run();
        assertThat(job).isNotNull();
    }
}
