package demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ShippingNoticesTest {
    ShippingNotices notices = new ShippingNotices();

    @Test
    void builds() {
        assertThat(notices).isNotNull();
    }
}
