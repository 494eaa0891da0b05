// JPA entity style: the service reads the order, checks it is unpaid, sets CLOSED and saves; the entity has no version,
// so the save writes the status back by id whatever happened since the read. Finding at the save.
package com.example.p003.pos06;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.stereotype.Service;

@Service
public class OrderCloseService {

    private OrderRepository orderRepository;

    public void closeIfUnpaid(Long id) {
        PurchaseOrder order = orderRepository.findById(id).orElseThrow();
        if ("UNPAID".equals(order.getStatus())) {
            order.setStatus("CLOSED");
            orderRepository.save(order); // expect: IDEM003 "blind status transition"
        }
    }
}

interface OrderRepository extends JpaRepository<PurchaseOrder, Long> {
}

class PurchaseOrder {
    private Long id;
    private String status;

    public Long getId() { return id; }
    public String getStatus() { return status; }
    public void setStatus(String s) { this.status = s; }
}
