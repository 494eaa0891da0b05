package demo;

import org.springframework.jdbc.core.JdbcTemplate;

public class ShipJob {
    JdbcTemplate jdbcTemplate;
    ShipService shipService;
    OrderMapper orderMapper;

    public void run() {
        Integer got = jdbcTemplate.queryForObject("SELECT GET_LOCK('ship', 0)", Integer.class); // expect: IDEM009
        if (got == null || got != 1) {
            return;
        }
        for (Order o : orderMapper.selectPaid()) {
            shipService.ship(o);
        }
        jdbcTemplate.queryForObject("SELECT RELEASE_LOCK('ship')", Integer.class);
    }
}

class ShipService {
    CarrierClient carrierClient;

    void ship(Order o) {
        carrierClient.createShipment(o.getId(), o.getAddress());
    }
}
